# validate.py input answer feedback_dir < output. An input is "x" (the test's) or
# "x k" (pass k's, written here as nextpass.in); the output must be x + 1, and below
# the answer's target another pass follows. passes.txt in the feedback directory
# counts the passes: it must survive from pass to pass (exit 1, a judge error, if not).
import os
import sys

inp, ans, feedback = sys.argv[1], sys.argv[2], sys.argv[3]
numbers = [int(w) for w in open(inp).read().split()]
x, expected_pass = numbers[0], (numbers[1] if len(numbers) > 1 else 1)
target = int(open(ans).read().split()[0])
count_file = os.path.join(feedback, 'passes.txt')
passes = int(open(count_file).read()) + 1 if os.path.exists(count_file) else 1
if passes != expected_pass:
    sys.exit('feedback directory lost: pass %d counted as %d' % (expected_pass, passes))
open(count_file, 'w').write(str(passes))
words = sys.stdin.read().split()
if words != [str(x + 1)]:
    open(os.path.join(feedback, 'judgemessage.txt'), 'w').write('pass %d: expected %d, got %s' % (passes, x + 1, words))
    sys.exit(43)
if x + 1 < target:
    open(os.path.join(feedback, 'nextpass.in'), 'w').write('%d %d\n' % (x + 1, passes + 1))
sys.exit(42)
