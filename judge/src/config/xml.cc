// Reading XML files into a tree (see xml.h). Expat calls back at each start tag, end
// tag and run of text; a stack of open elements builds the tree. A DOCTYPE or an
// entity declaration stops the parser: problem.xml has neither, and refusing them
// keeps entity expansion (and its blow-ups) out.
#include "xml.h"

#include <expat.h>

#include <algorithm>

#include "judge/base/files.h"

namespace judge {
namespace {

struct ParseState {
  XML_Parser parser = nullptr;
  std::vector<XmlElement*> open;  // the root first; pointers into the tree being built
  XmlElement root;
  bool have_root = false;
  std::string refusal;  // why the parser was stopped by us ("" when expat failed)
};

void OnStart(void* data, const XML_Char* name, const XML_Char** attributes) {
  auto* s = static_cast<ParseState*>(data);
  XmlElement e;
  e.name = name;
  e.line = static_cast<int>(XML_GetCurrentLineNumber(s->parser));
  for (const XML_Char** a = attributes; a && a[0]; a += 2) e.attributes.emplace_back(a[0], a[1]);
  if (s->open.empty()) {
    s->root = std::move(e);
    s->have_root = true;
    s->open.push_back(&s->root);
    return;
  }
  XmlElement* parent = s->open.back();
  parent->children.push_back(std::move(e));
  s->open.push_back(&parent->children.back());
}

void OnEnd(void* data, const XML_Char*) {
  auto* s = static_cast<ParseState*>(data);
  if (!s->open.empty()) s->open.pop_back();
}

void OnText(void* data, const XML_Char* text, int length) {
  auto* s = static_cast<ParseState*>(data);
  if (!s->open.empty()) s->open.back()->text.append(text, static_cast<std::size_t>(length));
}

void Refuse(ParseState* s, const std::string& what) {
  s->refusal = what;
  XML_StopParser(s->parser, XML_FALSE);
}

void OnDoctype(void* data, const XML_Char*, const XML_Char*, const XML_Char*, int) {
  Refuse(static_cast<ParseState*>(data), "a DOCTYPE declaration");
}

void OnEntity(void* data, const XML_Char*, int, const XML_Char*, int, const XML_Char*, const XML_Char*,
              const XML_Char*, const XML_Char*) {
  Refuse(static_cast<ParseState*>(data), "an entity declaration");
}

std::string Trim(const std::string& s) {
  const char* space = " \t\r\n";
  std::size_t b = s.find_first_not_of(space);
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(space) - b + 1);
}

}  // namespace

std::string XmlElement::Attribute(const std::string& key) const {
  for (const auto& [k, v] : attributes)
    if (k == key) return v;
  return "";
}

bool XmlElement::HasAttribute(const std::string& key) const {
  return std::any_of(attributes.begin(), attributes.end(), [&](const auto& a) { return a.first == key; });
}

const XmlElement* XmlElement::Child(const std::string& child_name) const {
  for (const auto& c : children)
    if (c.name == child_name) return &c;
  return nullptr;
}

std::string XmlElement::ChildText(const std::string& child_name) const {
  const XmlElement* c = Child(child_name);
  return c ? Trim(c->text) : "";
}

Result<XmlElement> ParseXmlText(const std::string& text, const std::string& file) {
  ParseState s;
  s.parser = XML_ParserCreate(nullptr);
  if (!s.parser) return Status::Internal(file + ": expat could not make a parser (out of memory)");
  XML_SetUserData(s.parser, &s);
  XML_SetElementHandler(s.parser, OnStart, OnEnd);
  XML_SetCharacterDataHandler(s.parser, OnText);
  XML_SetStartDoctypeDeclHandler(s.parser, OnDoctype);
  XML_SetEntityDeclHandler(s.parser, OnEntity);
  const XML_Status status = XML_Parse(s.parser, text.data(), static_cast<int>(text.size()), XML_TRUE);
  const int line = static_cast<int>(XML_GetCurrentLineNumber(s.parser));
  const XML_LChar* expat_reason = XML_ErrorString(XML_GetErrorCode(s.parser));  // null for no error
  std::string reason = !s.refusal.empty() ? s.refusal : expat_reason ? expat_reason : "an unknown error";
  XML_ParserFree(s.parser);
  if (status != XML_STATUS_OK || !s.have_root)
    return Status::InvalidArgument(file + ":" + std::to_string(line) + ": expected well-formed XML, found " +
                                   (s.have_root || !s.refusal.empty() ? reason : "no element"));
  return std::move(s.root);
}

Result<XmlElement> ParseXmlFile(const std::string& file) {
  JUDGE_ASSIGN_OR_RETURN(std::string text, fs::ReadFile(file, 64 << 20));
  return ParseXmlText(text, file);
}

}  // namespace judge
