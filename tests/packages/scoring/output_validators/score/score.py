# Output validator: an integer 1 <= x <= n is accepted with score x (score.txt).
import sys

n = int(open(sys.argv[1]).read())
feedback = sys.argv[3]
text = sys.stdin.read().split()
if len(text) != 1 or not text[0].lstrip("-").isdigit() or not 1 <= int(text[0]) <= n:
    open(feedback + "judgemessage.txt", "w").write("expected one integer in 1..%d\n" % n)
    sys.exit(43)
open(feedback + "score.txt", "w").write("%d\n" % int(text[0]))
open(feedback + "judgemessage.txt", "w").write("score %d\n" % int(text[0]))
sys.exit(42)
