"""dynrr: record-and-replay for TorchDynamo.

The recorder captures what Dynamo saw and decided while it compiles frames, into a
``.dynrr`` trace that the ``dynrr`` C++ tool replays offline.
"""

__version__ = "0.1.0"
