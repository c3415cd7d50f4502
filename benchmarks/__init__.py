"""Benchmarks: figures printed, never asserted."""
