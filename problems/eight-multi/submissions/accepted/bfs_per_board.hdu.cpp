// The 8-puzzle, many boards (HDU 1043), in the style of a 2008 HDU G++ submission:
// <iostream> only (scanf, printf, memset, memcpy arrive through it on that compiler).
// The .hdu.cpp name picks the legacy profile cpp98-hdu.
//
// Per board: the parity test, then a plain BFS from the board until it reaches the
// goal, over states numbered by their Cantor expansion, the visited array cleared for
// every board. Tens of milliseconds a board (a full sweep for the 31-move ones): HDU
// accepted this, so the package's files hold no more boards than it can answer in time.
#include <iostream>
using namespace std;

const int N = 362880;
int fac[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
char seen[N], mv[N];
int par[N], q[N];
char board[N][9];
int xpos[N];

int cantor(char *b)
{
    int r = 0;
    for (int i = 0; i < 9; i++) {
        int less = 0;
        for (int j = i + 1; j < 9; j++)
            if (b[j] < b[i]) less++;
        r += less * fac[8 - i];
    }
    return r;
}

int dx[4] = {-1, 1, 0, 0}, dy[4] = {0, 0, -1, 1};
char name[5] = "udlr";
char path[100];

int main()
{
    char tok[10], b[9];
    while (scanf("%s", tok) == 1) {
        int x = 0;
        for (int i = 0; i < 9; i++) {
            if (i > 0) scanf("%s", tok);
            if (tok[0] == 'x') { b[i] = 9; x = i; } else b[i] = tok[0] - '0';
        }
        int inv = 0;
        for (int i = 0; i < 9; i++)
            for (int j = i + 1; j < 9; j++)
                if (b[i] != 9 && b[j] != 9 && b[i] > b[j]) inv++;
        if (inv % 2) { printf("unsolvable\n"); continue; }
        memset(seen, 0, sizeof seen);
        int start = cantor(b);
        int head = 0, tail = 0;
        seen[start] = 1; par[start] = -1;
        memcpy(board[0], b, 9); xpos[0] = x; q[tail++] = start;
        while (head < tail && !seen[0]) {
            int slot = head++;
            int id = q[slot], p = xpos[slot];
            for (int k = 0; k < 4; k++) {
                int r = p / 3 + dx[k], c = p % 3 + dy[k];
                if (r < 0 || r > 2 || c < 0 || c > 2) continue;
                char nb[9];
                memcpy(nb, board[slot], 9);
                nb[p] = nb[r * 3 + c]; nb[r * 3 + c] = 9;
                int v = cantor(nb);
                if (seen[v]) continue;
                seen[v] = 1; par[v] = id; mv[v] = name[k];
                memcpy(board[tail], nb, 9); xpos[tail] = r * 3 + c; q[tail++] = v;
            }
        }
        int n = 0;
        for (int v = 0; par[v] != -1 || v != start; v = par[v]) {
            if (v == start) break;
            path[n++] = mv[v];
        }
        while (n > 0) putchar(path[--n]);
        putchar('\n');
    }
    return 0;
}
