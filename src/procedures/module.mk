# procedures module: sources and tests.
