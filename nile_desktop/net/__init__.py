"""Playing together over the network: one host, each person at their own computer.

The host's engine is the only truth; each person's table follows it from their own
seat's view. Below the scenes, beside the saves: nothing here imports pygame or a
screen. The modules, bottom up:

- :mod:`.codes`: the three-word join codes;
- :mod:`.cpace`: the key exchange on the code (CPace on X25519);
- :mod:`.seatview`: what one seat is sent (its view, its events) and reading it back;
- :mod:`.wire`: frames, strict JSON and the encrypted channel;
- :mod:`.messages`: the protocol's messages and their checking;
- :mod:`.handshake`: joining, the version check and the rate limit;
- :mod:`.seating`: who plays each seat, and the record kept beside the save;
- :mod:`.host`: the host, the only code that changes a network game's state;
- :mod:`.client`: joining a host and coming back after a drop;
- :mod:`.loop`, :mod:`.link`: the network's thread and what a screen holds of it;
- :mod:`.discovery`: finding games on the local network;
- :mod:`.cli`: a host and bot players without a window (tests, the soak).
"""
