"""The shell: the App and its fixed-tick loop, the Scene base and the stack of scenes,
dialogs, name entry, the game registry and the new-game set-up, and the command line's
options. It sits above engine, storage, art, audio, display, input and ui, and below net,
table and the screens and games' tables (game.scenes), which it never imports: main hands
the App its title, help and boss screens, and the registry finds the games by name."""
