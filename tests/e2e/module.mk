# End-to-end tests: the real binary on scratch loop devices.
