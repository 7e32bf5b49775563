// rotation_bench_baseline: the classic contest solution the reference is measured
// against. IDA* with the "fewest mismatched centre cells" bound (8 minus the count of
// the most frequent centre digit; a move brings one new value into the centre), moves
// tried in A..H order so the first answer is the lexicographically smallest shortest
// one, and the usual pruning of a move that undoes the previous one.
#include <algorithm>
#include <cstdio>

namespace {

const int kLine[8][7] = {{0, 2, 6, 11, 15, 20, 22},    {1, 3, 8, 12, 17, 21, 23},
                         {10, 9, 8, 7, 6, 5, 4},       {19, 18, 17, 16, 15, 14, 13},
                         {23, 21, 17, 12, 8, 3, 1},    {22, 20, 15, 11, 6, 2, 0},
                         {13, 14, 15, 16, 17, 18, 19}, {4, 5, 6, 7, 8, 9, 10}};
const int kUndo[8] = {5, 4, 7, 6, 1, 0, 3, 2};
const int kCentre[8] = {6, 7, 8, 11, 12, 15, 16, 17};

int cells[24];
char path[64];

void Apply(int m) {
  const int head = cells[kLine[m][0]];
  for (int i = 0; i < 6; ++i) cells[kLine[m][i]] = cells[kLine[m][i + 1]];
  cells[kLine[m][6]] = head;
}

int Bound() {
  int count[4] = {0, 0, 0, 0};
  for (int c : kCentre) ++count[cells[c]];
  return 8 - std::max({count[1], count[2], count[3]});
}

bool Search(int depth, int limit, int last) {
  const int h = Bound();
  if (h == 0) return true;
  if (depth + h > limit) return false;
  for (int m = 0; m < 8; ++m) {
    if (last >= 0 && m == kUndo[last]) continue;
    Apply(m);
    path[depth] = static_cast<char>('A' + m);
    if (Search(depth + 1, limit, m)) return true;
    Apply(kUndo[m]);
  }
  return false;
}

}  // namespace

int main() {
  while (std::scanf("%d", &cells[0]) == 1 && cells[0] != 0) {
    for (int i = 1; i < 24; ++i)
      if (std::scanf("%d", &cells[i]) != 1) return 1;
    if (Bound() == 0) {
      std::printf("No moves needed\n%d\n", cells[6]);
      continue;
    }
    int limit = Bound();
    while (!Search(0, limit, -1)) ++limit;
    path[limit] = '\0';
    std::printf("%s\n%d\n", path, cells[6]);
  }
  return 0;
}
