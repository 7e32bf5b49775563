// Prints the direction in which the TILE moves instead of the blank (u<->d, l<->r).
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
            if (s[i] != '0' && s[j] != '0' && s[i] > s[j]) inv++;
    if (inv % 2) { cout << "unsolvable\n"; return 0; }
    const string goal = "123456780";
    map<string, pair<string, char>> from;
    queue<string> q;
    q.push(s);
    from[s] = {"", 0};
    int dr[4] = {-1, 1, 0, 0}, dc[4] = {0, 0, -1, 1};
    const char* L = "durl";  // the tile moves opposite to the blank
    while (!q.empty()) {
        string u = q.front(); q.pop();
        if (u == goal) break;
        int z = u.find('0');
        for (int d = 0; d < 4; d++) {
            int nr = z / 3 + dr[d], nc = z % 3 + dc[d];
            if (nr < 0 || nr > 2 || nc < 0 || nc > 2) continue;
            string v = u;
            swap(v[z], v[nr * 3 + nc]);
            if (!from.count(v)) { from[v] = {u, L[d]}; q.push(v); }
        }
    }
    string path;
    for (string v = goal; v != s; v = from[v].first) path += from[v].second;
    reverse(path.begin(), path.end());
    cout << path << "\n";
}
