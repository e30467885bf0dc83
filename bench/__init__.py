"""Benchmark scripts that print figures; run each as ``python -m bench.<name>`` from the repository."""
