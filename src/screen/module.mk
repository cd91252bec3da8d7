# screen module: sources and tests.
