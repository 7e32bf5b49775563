// The 8-puzzle, many boards (HDU 1043), in the style of a 2008 HDU G++ submission:
// <iostream> only (scanf, printf, memset, strcpy arrive through it on that compiler),
// tokens read with scanf("%s"). The .hdu.cpp name picks the legacy profile cpp98-hdu.
//
// Per board: the parity test, then a bidirectional BFS between the board and the goal
// over states numbered by their Cantor expansion. Each side keeps its own visited
// array (cleared for every board) and parent links; where they meet, the path is the
// start side's moves read back plus the goal side's moves inverted.
#include <iostream>
using namespace std;

const int N = 362880;
int fac[9] = {1, 1, 2, 6, 24, 120, 720, 5040, 40320};
char seen[2][N], mv[2][N];
int par[2][N];
int q[2][N];
char board[2][N][9];  // the board of each queued state, by queue slot
int xpos[2][N];

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
char name[5] = "udlr", back[5] = "durl";
int head[2], tail[2];

// Expands one whole layer of side s; returns the meeting state or -1.
int layer(int s)
{
    int end = tail[s];
    while (head[s] < end) {
        int slot = head[s]++;
        int id = q[s][slot], x = xpos[s][slot];
        for (int k = 0; k < 4; k++) {
            int r = x / 3 + dx[k], c = x % 3 + dy[k];
            if (r < 0 || r > 2 || c < 0 || c > 2) continue;
            char b[9];
            memcpy(b, board[s][slot], 9);
            b[x] = b[r * 3 + c]; b[r * 3 + c] = 9;
            int v = cantor(b);
            if (seen[s][v]) continue;
            seen[s][v] = 1; par[s][v] = id; mv[s][v] = name[k];
            if (seen[1 - s][v]) return v;
            memcpy(board[s][tail[s]], b, 9);
            xpos[s][tail[s]] = r * 3 + c;
            q[s][tail[s]++] = v;
        }
    }
    return -1;
}

int main()
{
    char tok[10], b[9], goal[9] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
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
        if (start == 0) { printf("\n"); continue; }
        seen[0][start] = 1; par[0][start] = -1;
        seen[1][0] = 1; par[1][0] = -1;
        memcpy(board[0][0], b, 9); xpos[0][0] = x; q[0][0] = start;
        memcpy(board[1][0], goal, 9); xpos[1][0] = 8; q[1][0] = 0;
        head[0] = head[1] = 0; tail[0] = tail[1] = 1;
        int meet = -1;
        while (meet < 0) {
            int s = tail[0] - head[0] <= tail[1] - head[1] ? 0 : 1;  // the smaller frontier
            meet = layer(s);
        }
        char out[100];
        int n = 0;
        for (int id = meet; par[0][id] != -1; id = par[0][id]) out[n++] = mv[0][id];
        for (int i = n - 1; i >= 0; i--) putchar(out[i]);
        for (int id = meet; par[1][id] != -1; id = par[1][id]) putchar(back[strchr(name, mv[1][id]) - name]);
        putchar('\n');
    }
    return 0;
}
