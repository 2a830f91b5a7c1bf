"""Unit tests of tools/fairymax_entries.py that need neither Fairy-Max nor
perf: reading a callgrind profile of a stripped binary.

Run: python3 -m unittest discover -s tools -p 'test_*.py'
"""
import unittest

from fairymax_entries import self_calls

# The shape of callgrind's output for a stripped binary: functions named by
# address, named once and then by number, deeper recursion levels marked
# with 'N; `calls=` lines follow the callee they count.
PROFILE = """\
fn=(10) 0x0000000000005ac0
cfn=(12) 0x00000000000034f0
calls=3 0
0 500
cfn=(14) 0x0000000000001200
calls=40 0
0 90
fn=(12)
cfn=(13) 0x00000000000034f0'2
calls=8 0
0 700
cfn=(14)
calls=5 0
0 20
fn=(13)
cfn=(13)
calls=210 0
0 9000
fn=(14)
cfn=(15) 0x0000000000001300
calls=900 0
0 10
"""


class SelfCalls(unittest.TestCase):
    def test_recursion_levels_fold_into_one_address(self):
        self.assertEqual(self_calls(PROFILE.splitlines()), {"0x00000000000034f0": 218})

    def test_calls_between_different_functions_do_not_count(self):
        profile = "fn=(1) 0x10\ncfn=(2) 0x20\ncalls=900 0\n0 1\n"
        self.assertEqual(self_calls(profile.splitlines()), {})


if __name__ == "__main__":
    unittest.main()
