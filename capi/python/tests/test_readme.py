"""The Python examples of README.md run as written (in order, in one namespace)."""

import contextlib
import io
import re
import unittest

from _support import PACKAGE_ROOT


class ReadmeTest(unittest.TestCase):
    def test_python_blocks_run(self):
        text = (PACKAGE_ROOT / "README.md").read_text(encoding="utf-8")
        blocks = re.findall(r"^```python\n(.*?)^```", text, re.M | re.S)
        self.assertGreaterEqual(len(blocks), 3)
        namespace = {"__name__": "readme"}
        out = io.StringIO()
        for number, block in enumerate(blocks, 1):
            with self.subTest(block=number), contextlib.redirect_stdout(out):
                exec(compile(block, "README.md block %d" % number, "exec"), namespace)
        self.assertIn("1 cut\n", out.getvalue())
        self.assertIn("score", out.getvalue())
        # The count prints the names of its enums, not their numbers.
        self.assertRegex(out.getvalue(), r"(?m)^GRANDE [A-Z_]+ team")


if __name__ == "__main__":
    unittest.main()
