"""The package's tools and examples say what went wrong and how to fix it, without a traceback:
an unknown bot kind, Dask or numpy missing, the mus package missing. Each runs in a fresh
interpreter where the missing module is made unimportable (``sys.modules[name] = None``), as on
a machine without it."""

import unittest

from _support import PACKAGE_ROOT, run_python

EXAMPLES = PACKAGE_ROOT / "examples"


def run_tool(blocked, argv, path=None, module=None):
    """Runs an example file (``path``) or a module's ``main`` (``module``) with ``argv``, the
    modules ``blocked`` unimportable; returns the CompletedProcess."""
    code = ["import runpy, sys"]
    code += ["sys.modules[%r] = None" % name for name in blocked]
    if path is not None:
        code += ["sys.argv = [%r] + %r" % (str(path), argv),
                 "runpy.run_path(%r, run_name='__main__')" % str(path)]
    else:
        code += ["sys.argv = [%r] + %r" % (module, argv),
                 "runpy.run_module(%r, run_name='__main__', alter_sys=True)" % module]
    return run_python("\n".join(code))


class ToolMessagesTest(unittest.TestCase):
    def check(self, result, status, *texts):
        self.assertEqual(result.returncode, status, result.stderr)
        for text in texts:
            self.assertIn(text, result.stderr)
        self.assertNotIn("Traceback", result.stderr)

    def test_tournament_unknown_bot_kind(self):
        r = run_tool([], ["--bots", "clever", "random", "--matches", "2"],
                     module="mus.tournament")
        self.check(r, 2, "python3 -m mus.tournament: unknown bot kind 'clever'", "heuristic")

    def test_tournament_workers_without_dask(self):
        r = run_tool(["distributed"], ["--local-workers", "2", "--matches", "2"],
                     module="mus.tournament")
        self.check(r, 2, "--local-workers and --scheduler need Dask", "python3-distributed",
                   "--system-site-packages")

    def test_vecenv_example_without_numpy(self):
        r = run_tool(["numpy"], [], path=EXAMPLES / "vecenv_loop.py")
        self.check(r, 1, "vecenv_loop.py needs numpy", "python3-numpy",
                   "--system-site-packages")

    def test_learning_example_without_numpy(self):
        r = run_tool(["numpy"], ["--quick"], path=EXAMPLES / "learn_ordago.py")
        self.check(r, 1, "learn_ordago.py needs numpy", "python3-numpy")

    def test_vecenv_without_numpy(self):
        r = run_python("import sys\nsys.modules['numpy'] = None\nimport mus\n"
                       "try:\n    mus.VecEnv('standard', num_envs=2)\n"
                       "except ImportError as e:\n    print(e)\n")
        self.assertEqual(r.returncode, 0, r.stderr)
        self.assertIn("mus.VecEnv needs numpy", r.stdout)
        self.assertIn("python3-numpy", r.stdout)

    def test_net_bot_without_the_package(self):
        r = run_tool(["mus"], ["--table", "t0123456789abcdef"], path=EXAMPLES / "net_bot.py")
        self.check(r, 1, "net_bot.py needs the mus package",
                   ".venv/bin/python -m pip install ./capi/python")


if __name__ == "__main__":
    unittest.main()
