"""Where pnp meets the file system: inputs read confined to their folders and bounded in size
(`files`), outputs written whole or not at all (`staging`, `commit`) and only into real folders
inside the output folder (`outputs`), and pnp's private cache (`caches`)."""
