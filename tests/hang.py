"""How long a test waits for a process, a server or a file before it calls it hung.

A wait for something that happens is a hang guard, never a measure of speed: on a machine busy
with other work a cold start of Python and pnp alone has taken 20 s, and a build ten times its
quiet time. A guard below that fails a working build on a slow or loaded machine; this bound
is far above it, so only a hang reaches it."""

HANG = 600.0  # seconds
