// IDA* with the Manhattan-distance bound; never undoes the previous move.
#include <cstdio>
#include <cstdlib>
int b[9], zero, bound, path[64], found_len;
const int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
const char* L = "udlr";

int h() {
    int s = 0;
    for (int i = 0; i < 9; i++)
        if (b[i]) s += abs(i / 3 - (b[i] - 1) / 3) + abs(i % 3 - (b[i] - 1) % 3);
    return s;
}
bool dfs(int g, int last) {
    int est = h();
    if (est == 0) { found_len = g; return true; }
    if (g + est > bound) return false;
    for (int d = 0; d < 4; d++) {
        if (last >= 0 && (d ^ 1) == last) continue;
        int nr = zero / 3 + dr[d], nc = zero % 3 + dc[d];
        if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
        int nz = nr * 3 + nc, old = zero;
        b[old] = b[nz]; b[nz] = 0; zero = nz; path[g] = d;
        if (dfs(g + 1, d)) return true;
        b[nz] = b[old]; b[old] = 0; zero = old;
    }
    return false;
}
int main() {
    char t[8];
    for (int i = 0; i < 9; i++) {
        if (scanf("%7s", t) != 1) return 0;
        b[i] = t[0] == 'x' ? 0 : t[0] - '0';
        if (!b[i]) zero = i;
    }
    int inv = 0;
    for (int i = 0; i < 9; i++) for (int j = i + 1; j < 9; j++) if (b[i] && b[j] && b[i] > b[j]) inv++;
    if (inv & 1) { puts("unsolvable"); return 0; }
    for (bound = h(); !dfs(0, -1); bound++) {}
    for (int i = 0; i < found_len; i++) putchar(L[path[i]]);
    putchar('\n');
    return 0;
}
