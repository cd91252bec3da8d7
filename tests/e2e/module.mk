# End-to-end tests: the real binary on scratch loop devices.
TESTS += tests/e2e/run_modes.sh tests/e2e/bad_input.sh
dist_check_SCRIPTS += tests/e2e/run_modes.sh tests/e2e/bad_input.sh
