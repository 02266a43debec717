"""Shared widgets and layout: command bar, buttons, menus, dialogs, notices, text entry."""
