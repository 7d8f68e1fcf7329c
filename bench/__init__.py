"""The benchmarks: `make bench` runs them all (`bench/run.py`); see `bench/README.md`."""
