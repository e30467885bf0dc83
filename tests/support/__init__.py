"""What the tests and the benches share: real servers on loopback (:mod:`tests.support.servers`)."""
