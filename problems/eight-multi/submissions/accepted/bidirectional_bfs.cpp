// Per board: bidirectional BFS with Cantor hashing; visited marks carry a per-case
// stamp so nothing is cleared between cases.
#include <bits/stdc++.h>
using namespace std;
const int N = 362880;
int fac[10];
int stampA[N], stampB[N];
int parA[N], parB[N];
char moveA[N], moveB[N];
int cantor(const array<char, 9>& a) {
    int r = 0;
    for (int i = 0; i < 9; i++) {
        int c = 0;
        for (int j = i + 1; j < 9; j++) if (a[j] < a[i]) c++;
        r += c * fac[8 - i];
    }
    return r;
}
const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
const char* L = "udlr";
int main() {
    fac[0] = 1;
    for (int i = 1; i < 10; i++) fac[i] = fac[i - 1] * i;
    array<char, 9> goal = {1, 2, 3, 4, 5, 6, 7, 8, 0};
    int gh = cantor(goal);
    int stamp = 0;
    string t;
    while (true) {
        array<char, 9> a;
        for (int i = 0; i < 9; i++) {
            if (!(cin >> t)) return 0;
            a[i] = t == "x" ? 0 : t[0] - '0';
        }
        int inv = 0;
        for (int i = 0; i < 9; i++) for (int j = i + 1; j < 9; j++) if (a[i] && a[j] && a[i] > a[j]) inv++;
        if (inv & 1) { puts("unsolvable"); continue; }
        ++stamp;
        int sh = cantor(a);
        vector<array<char, 9>> qa{a}, qb{goal};
        stampA[sh] = stamp; parA[sh] = -1;
        stampB[gh] = stamp; parB[gh] = -1;
        int meet = stampB[sh] == stamp ? sh : -1;
        while (meet < 0) {
            // expand the smaller frontier by one full layer
            bool fromA = qa.size() <= qb.size();
            auto& cur = fromA ? qa : qb;
            int* st = fromA ? stampA : stampB;
            int* other = fromA ? stampB : stampA;
            int* par = fromA ? parA : parB;
            char* mv = fromA ? moveA : moveB;
            vector<array<char, 9>> next;
            for (auto& b : cur) {
                int h = cantor(b);
                int z = 0; while (b[z]) z++;
                for (int d = 0; d < 4 && meet < 0; d++) {
                    int nr = z / 3 + dr[d], nc = z % 3 + dc[d];
                    if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
                    array<char, 9> c = b;
                    swap(c[z], c[nr * 3 + nc]);
                    int ch = cantor(c);
                    if (st[ch] == stamp) continue;
                    st[ch] = stamp; par[ch] = h; mv[ch] = d;
                    if (other[ch] == stamp) meet = ch;
                    next.push_back(c);
                }
                if (meet >= 0) break;
            }
            cur.swap(next);
        }
        // Path: start -> meet from side A (blank moves as recorded), meet -> goal from
        // side B (each recorded move reversed).
        string left, right;
        for (int h = meet; h != sh; h = parA[h]) left += L[(int)moveA[h]];
        reverse(left.begin(), left.end());
        for (int h = meet; h != gh; h = parB[h]) right += L[moveB[h] ^ 1];
        puts((left + right).c_str());
    }
}
