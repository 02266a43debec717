"""Playing with friends over the network: the protocol, the host's server, a guest's client.

The host's table stays the one referee (game/table/remote.py puts it on the network):
guests send their seat's actions and receive what their seat may see.
"""
