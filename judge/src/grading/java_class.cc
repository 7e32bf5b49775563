// Java's public class and main class (see judge/grading/java_class.h).
#include "judge/grading/java_class.h"

#include <cstdint>

#include "judge/base/files.h"

namespace judge {
namespace {

bool IdentChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '$' ||
         static_cast<unsigned char>(c) >= 0x80;
}

// The source as tokens: identifiers and single punctuation characters; comments,
// string and character literals and text blocks are dropped.
std::vector<std::string> JavaTokens(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    char c = s[i];
    if (s.compare(i, 2, "//") == 0) {
      i = s.find('\n', i);
    } else if (s.compare(i, 2, "/*") == 0) {
      i = s.find("*/", i + 2);
      if (i != std::string_view::npos) i += 2;
    } else if (s.compare(i, 3, "\"\"\"") == 0) {
      i = s.find("\"\"\"", i + 3);
      if (i != std::string_view::npos) i += 3;
    } else if (c == '"' || c == '\'') {
      for (++i; i < s.size() && s[i] != c && s[i] != '\n'; ++i)
        if (s[i] == '\\') ++i;
      ++i;
    } else if (IdentChar(c)) {
      std::size_t start = i;
      while (i < s.size() && IdentChar(s[i])) ++i;
      out.emplace_back(s.substr(start, i - start));
    } else {
      if (c != ' ' && c != '\t' && c != '\n' && c != '\r') out.emplace_back(1, c);
      ++i;
    }
  }
  return out;
}

bool TypeKeyword(const std::string& t) { return t == "class" || t == "interface" || t == "enum" || t == "record"; }

// Modifiers of a top-level type ("non-sealed" is three tokens: non - sealed).
bool Modifier(const std::string& t) {
  return t == "abstract" || t == "final" || t == "static" || t == "strictfp" || t == "sealed" || t == "non" ||
         t == "-";
}

// Big-endian reads over a class file; any read past the end sets `bad`.
struct Reader {
  std::string_view b;
  std::size_t at = 0;
  bool bad = false;
  uint32_t Take(int n) {
    if (at + n > b.size()) {
      bad = true;
      at = b.size();
      return 0;
    }
    uint32_t v = 0;
    for (int k = 0; k < n; ++k) v = v << 8 | static_cast<unsigned char>(b[at++]);
    return v;
  }
  void Skip(std::size_t n) {
    if (at + n > b.size()) bad = true;
    at = bad ? b.size() : at + n;
  }
};

// Reads the constant pool; utf8[i] holds entry i's text when it is a Utf8 entry,
// class_name[i] the Utf8 index of a Class entry. False when the pool is malformed.
bool ReadConstantPool(Reader* r, std::vector<std::string>* utf8, std::vector<uint32_t>* class_name) {
  uint32_t count = r->Take(2);
  utf8->assign(count, "");
  class_name->assign(count, 0);
  for (uint32_t i = 1; i < count && !r->bad; ++i) {
    uint32_t tag = r->Take(1);
    switch (tag) {
      case 1: {
        uint32_t len = r->Take(2);
        if (r->at + len > r->b.size()) return false;
        (*utf8)[i] = std::string(r->b.substr(r->at, len));
        r->Skip(len);
        break;
      }
      case 7: (*class_name)[i] = r->Take(2); break;
      case 8: case 16: case 19: case 20: r->Skip(2); break;
      case 15: r->Skip(3); break;
      case 3: case 4: case 9: case 10: case 11: case 12: case 17: case 18: r->Skip(4); break;
      case 5: case 6: r->Skip(8), ++i; break;  // takes two slots
      default: return false;
    }
  }
  return !r->bad;
}

// Skips fields or scans methods; true when a method is public static main(String[]).
bool MembersHaveMain(Reader* r, const std::vector<std::string>& utf8, bool methods) {
  uint32_t count = r->Take(2);
  bool found = false;
  for (uint32_t m = 0; m < count && !r->bad; ++m) {
    uint32_t access = r->Take(2), name = r->Take(2), desc = r->Take(2);
    if (methods && (access & 0x0009) == 0x0009 && name < utf8.size() && desc < utf8.size() &&
        utf8[name] == "main" && utf8[desc] == "([Ljava/lang/String;)V")
      found = true;
    uint32_t attributes = r->Take(2);
    for (uint32_t a = 0; a < attributes && !r->bad; ++a) {
      r->Skip(2);
      r->Skip(r->Take(4));
    }
  }
  return found;
}

}  // namespace

std::string JavaPublicClass(std::string_view source) {
  std::vector<std::string> t = JavaTokens(source);
  int depth = 0;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] == "{") ++depth;
    else if (t[i] == "}") --depth;
    if (depth != 0 || t[i] != "public") continue;
    std::size_t j = i + 1;
    while (j < t.size() && Modifier(t[j])) ++j;
    if (j + 1 < t.size() && TypeKeyword(t[j]) && IdentChar(t[j + 1][0])) return t[j + 1];
  }
  return "";
}

Result<std::optional<std::string>> JavaMainOfClassFile(std::string_view bytes) {
  Reader r{bytes};
  if (r.Take(4) != 0xCAFEBABE) return Status::Corrupt("not a Java class file (no CAFEBABE magic)");
  r.Skip(4);  // versions
  std::vector<std::string> utf8;
  std::vector<uint32_t> class_name;
  if (!ReadConstantPool(&r, &utf8, &class_name)) return Status::Corrupt("malformed constant pool");
  r.Skip(2);  // access flags
  uint32_t this_class = r.Take(2);
  r.Skip(2);  // super class
  r.Skip(2 * static_cast<std::size_t>(r.Take(2)));  // interfaces
  MembersHaveMain(&r, utf8, false);
  bool main = MembersHaveMain(&r, utf8, true);
  if (r.bad || this_class >= class_name.size() || class_name[this_class] >= utf8.size())
    return Status::Corrupt("truncated class file");
  if (!main) return std::optional<std::string>();
  std::string name = utf8[class_name[this_class]];
  for (char& c : name)
    if (c == '/') c = '.';
  return std::optional<std::string>(name);
}

Result<JavaMainClass> FindJavaMainClass(const std::string& dir, const std::vector<std::string>& files,
                                        const std::string& preferred) {
  std::vector<std::string> mains;
  for (const auto& f : files) {
    if (f.size() < 7 || f.compare(f.size() - 6, 6, ".class") != 0) continue;
    JUDGE_ASSIGN_OR_RETURN(std::string bytes, fs::ReadFile(dir + "/" + f));
    Result<std::optional<std::string>> main = JavaMainOfClassFile(bytes);
    if (!main.ok()) return JavaMainClass{"", f + ": " + main.status().message()};
    if (*main) mains.push_back(**main);
  }
  auto simple = [](const std::string& n) { return n.substr(n.rfind('.') == std::string::npos ? 0 : n.rfind('.') + 1); };
  std::vector<std::string> top;
  for (const auto& m : mains)
    if (m.find('$') == std::string::npos) top.push_back(m);
  if (top.size() == 1) return JavaMainClass{top[0], ""};
  for (const auto& m : top)
    if (simple(m) == preferred) return JavaMainClass{m, ""};
  if (mains.size() == 1) return JavaMainClass{mains[0], ""};
  if (mains.empty()) return JavaMainClass{"", "no class has a method public static void main(String[])"};
  std::string list;
  for (const auto& m : mains) list += (list.empty() ? "" : ", ") + m;
  return JavaMainClass{"", "several classes have public static void main(String[]): " + list + "; expected one"};
}

}  // namespace judge
