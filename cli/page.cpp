#include "page.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <unordered_map>
#include <unordered_set>

#include "papershelf/unicode.hpp"

namespace papershelf::cli {
namespace {

char lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c + 32) : c; }

bool starts_with_ci(std::string_view text, std::size_t at, std::string_view prefix) {
  if (text.size() - at < prefix.size()) return false;
  for (std::size_t k = 0; k < prefix.size(); ++k)
    if (lower(text[at + k]) != prefix[k]) return false;
  return true;
}

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'; }

// An attribute's character references (HTML's names as unicode::References::Html has them);
// anything else stays as written.
std::string decode_entities(std::string_view v) {
  return unicode::decode_references(v, unicode::References::Html);
}

// ---------------------------------------------------------------- [SECTION] the tokenizer

bool is_alpha(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// The elements whose content is text to the tokenizer, up to their own end tag (RCDATA and raw
// text; noscript too, as in a browser that runs scripts, which is where the element runs).
bool is_raw_text(std::string_view name) {
  for (std::string_view raw :
       {"script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes", "noscript"})
    if (name == raw) return true;
  return false;
}

// Elements that never have content, so never an end tag.
bool is_void(std::string_view name) {
  for (std::string_view v :
       {"area", "base", "basefont", "bgsound", "br", "col", "embed", "frame", "hr", "img", "input",
        "keygen", "link", "meta", "param", "source", "track", "wbr"})
    if (name == v) return true;
  return false;
}

// "<name" or "</name" at `at` followed by what ends a tag name (space, "/" or ">").
bool tag_at(std::string_view page, std::size_t at, std::string_view open, std::string_view name) {
  if (!starts_with_ci(page, at, open) || !starts_with_ci(page, at + open.size(), name))
    return false;
  const std::size_t after = at + open.size() + name.size();
  return after < page.size() && (is_space(page[after]) || page[after] == '/' || page[after] == '>');
}

// Where the raw text of `name` that starts at `at` ends: at its end tag's "<", or the page's end.
// Script text has the tokenizer's escaped states: inside "<!--", a "<script>" is read as text up to
// its "</script>", which then does not end the element.
std::size_t raw_text_end(std::string_view page, std::size_t at, std::string_view name) {
  if (name != "script") {
    for (; at < page.size(); ++at)
      if (page[at] == '<' && tag_at(page, at, "</", name)) return at;
    return page.size();
  }
  enum { Data, Escaped, DoubleEscaped } state = Data;
  while (at < page.size()) {
    if (state != Data && page.compare(at, 3, "-->") == 0) {
      state = Data;
      at += 3;
    } else if (tag_at(page, at, "</", "script")) {
      if (state != DoubleEscaped) return at;
      state = Escaped;
      at += 8;
    } else if (state == Data && page.compare(at, 4, "<!--") == 0) {
      state = Escaped;
      at += 2;  // (its "--" also begins "-->": "<!-->" opens and closes at once)
    } else if (state == Escaped && tag_at(page, at, "<", "script")) {
      state = DoubleEscaped;
      at += 7;
    } else {
      ++at;
    }
  }
  return page.size();
}

struct Tag {
  std::string name;  // lower-cased
  std::vector<std::pair<std::string, std::string>> attributes;
  bool has_lang = false;  // any element's lang attribute (the language of what it holds)
  std::string lang;
  std::size_t end = std::string_view::npos;  // just past its ">"; npos when the page ends first
};

// The tag whose name starts at `at` (just past "<" or "</"), as the tokenizer reads it: quoted
// values may hold ">", the first of repeated attributes wins. Only a <paper-shelf>'s attributes
// are kept, and any element's lang.
Tag read_tag(std::string_view page, std::size_t at) {
  Tag tag;
  std::size_t i = at;
  while (i < page.size() && !is_space(page[i]) && page[i] != '/' && page[i] != '>')
    tag.name += lower(page[i++]);
  const bool keep = tag.name == "paper-shelf";
  std::unordered_set<std::string> seen;
  while (i < page.size() && page[i] != '>') {
    if (is_space(page[i]) || page[i] == '/') {
      ++i;
      continue;
    }
    std::string name(1, lower(page[i++]));  // (a name may begin with "=")
    while (i < page.size() && !is_space(page[i]) && page[i] != '=' && page[i] != '>' &&
           page[i] != '/')
      name += lower(page[i++]);
    while (i < page.size() && is_space(page[i])) ++i;
    std::string value;
    if (i < page.size() && page[i] == '=') {
      ++i;
      while (i < page.size() && is_space(page[i])) ++i;
      std::string_view raw;
      if (i < page.size() && (page[i] == '"' || page[i] == '\'')) {
        const char quote = page[i++];
        const std::size_t end = std::min(page.find(quote, i), page.size());
        raw = page.substr(i, end - i);
        i = end + 1;
      } else {
        const std::size_t start = i;
        while (i < page.size() && !is_space(page[i]) && page[i] != '>') ++i;
        raw = page.substr(start, i - start);
      }
      if (keep || (name == "lang" && !tag.has_lang)) value = decode_entities(raw);
    }
    if (name == "lang" && !tag.has_lang) {
      tag.has_lang = true;
      tag.lang = value;
    }
    if (keep && seen.insert(name).second)
      tag.attributes.emplace_back(std::move(name), std::move(value));
  }
  if (i < page.size()) tag.end = i + 1;
  return tag;
}

// The comment whose "<!--" is at `at`: where its text is and where it ends ("-->", "--!>", or
// at once for "<!-->" and "<!--->").
struct Comment {
  std::string_view text;
  std::size_t end;
};
Comment read_comment(std::string_view page, std::size_t at) {
  const std::size_t from = at + 4;
  if (page.compare(from, 1, ">") == 0) return {{}, from + 1};
  if (page.compare(from, 2, "->") == 0) return {{}, from + 2};
  const std::size_t close = page.find("--", from);
  for (std::size_t dashes = close; dashes != std::string_view::npos;
       dashes = page.find("--", dashes + 1)) {
    if (page.compare(dashes + 2, 1, ">") == 0)
      return {page.substr(from, dashes - from), dashes + 3};
    if (page.compare(dashes + 2, 2, "!>") == 0)
      return {page.substr(from, dashes - from), dashes + 4};
  }
  return {page.substr(from), page.size()};
}

// Whether a comment's text is the marker's (or the end marker's), spaces around it aside.
bool is_marker(std::string_view comment, bool end) {
  while (!comment.empty() && is_space(comment.front())) comment.remove_prefix(1);
  while (!comment.empty() && is_space(comment.back())) comment.remove_suffix(1);
  if (end && !comment.empty() && comment.front() == '/')
    comment.remove_prefix(1);
  else if (end)
    return false;
  return comment == "papershelf:prerender";
}

// ---------------------------------------------------------------- [SECTION] reading a src

// The real path of `path` (symbolic links followed, "." and ".." gone), or "" when it has none.
std::string real_path(const std::string& path) {
  char buffer[PATH_MAX];
  return ::realpath(path.c_str(), buffer) ? std::string(buffer) : std::string();
}

// Whether the real path `path` is the folder `folder` (a real path too) or inside it.
bool is_within(const std::string& path, const std::string& folder) {
  return !folder.empty() && path.compare(0, folder.size(), folder) == 0 &&
         (folder == "/" || path.size() == folder.size() || path[folder.size()] == '/');
}

}  // namespace

const std::string* ShelfElement::attribute(std::string_view name) const {
  for (const auto& [n, v] : attributes)
    if (n == name) return &v;
  return nullptr;
}

std::vector<ShelfElement> find_shelves(std::string_view page) {
  std::vector<ShelfElement> out;
  // The open elements: each one's name, the innermost <paper-shelf> it is in or is (its place in
  // `out`) and the language it is in (its place in `langs`), and how many are open of each name;
  // so a hostile page of deep nesting and stray end tags costs no more than its length.
  constexpr std::size_t kNoShelf = std::string_view::npos, kNoLang = std::string_view::npos;
  struct Open {
    std::string name;
    std::size_t shelf;
    std::size_t lang;
  };
  std::vector<Open> open;
  std::vector<std::string> langs;
  std::unordered_map<std::string, std::size_t> open_by_name;
  const auto lang_of = [&](const Tag& tag) {
    if (!tag.has_lang) return open.empty() ? kNoLang : open.back().lang;
    langs.push_back(tag.lang);
    return langs.size() - 1;
  };
  auto push = [&](std::string name, std::size_t shelf, std::size_t lang) {
    ++open_by_name[name];
    open.push_back({std::move(name),
                    shelf != kNoShelf ? shelf
                    : open.empty()    ? kNoShelf
                                      : open.back().shelf,
                    lang});
  };
  auto innermost_shelf = [&]() -> ShelfElement* {
    return open.empty() || open.back().shelf == kNoShelf ? nullptr : &out[open.back().shelf];
  };
  std::size_t at = 0;
  while ((at = page.find('<', at)) != std::string_view::npos) {
    const std::size_t next = at + 1;
    const char c = next < page.size() ? page[next] : '\0';
    if (page.compare(at, 4, "<!--") == 0) {
      const Comment comment = read_comment(page, at);
      ShelfElement* shelf = innermost_shelf();
      const bool whole = comment.end <= page.size() && page.compare(comment.end - 3, 3, "-->") == 0;
      if (shelf && whole && shelf->marker == std::string_view::npos &&
          is_marker(comment.text, false)) {
        shelf->marker = at;
        shelf->marker_end = comment.end;
      } else if (shelf && whole && shelf->marker != std::string_view::npos &&
                 shelf->fill_end == std::string_view::npos && is_marker(comment.text, true)) {
        shelf->fill_end = comment.end;
      }
      at = comment.end;
    } else if (c == '!' || c == '?' ||
               (c == '/' && next + 1 < page.size() && !is_alpha(page[next + 1]) &&
                page[next + 1] != '>')) {
      // A doctype, "<?...>", "</ ...>" or "<![CDATA[...": to the next ">", as a bogus comment.
      at = std::min(page.find('>', next), page.size());
    } else if (c == '/' && next + 1 < page.size() && is_alpha(page[next + 1])) {
      const Tag tag = read_tag(page, next + 1);
      if (tag.end == std::string_view::npos) break;
      // An end tag closes its element and whatever is still open inside it; a stray one nothing.
      if (const auto it = open_by_name.find(tag.name); it != open_by_name.end() && it->second > 0) {
        bool closed = false;
        while (!closed) {
          closed = open.back().name == tag.name;
          if (open.back().name == "paper-shelf") out[open.back().shelf].content_end = at;
          --open_by_name[open.back().name];
          open.pop_back();
        }
      }
      at = tag.end;
    } else if (is_alpha(c)) {
      Tag tag = read_tag(page, next);
      if (tag.end == std::string_view::npos)
        break;  // (a tag the page's end cuts off is no element)
      at = tag.end;
      if (tag.name == "plaintext") break;  // all the rest is text
      if (is_raw_text(tag.name)) {
        at = raw_text_end(page, at, tag.name);
      } else if (tag.name == "paper-shelf") {
        ShelfElement shelf;
        const std::size_t lang = lang_of(tag);
        if (lang != kNoLang) shelf.lang = langs[lang];
        shelf.attributes = std::move(tag.attributes);
        shelf.start = next - 1;
        shelf.content_start = shelf.content_end = at;
        push(tag.name, out.size(), lang);
        out.push_back(std::move(shelf));
      } else if (!is_void(tag.name)) {
        const std::size_t lang = lang_of(tag);
        push(std::move(tag.name), kNoShelf, lang);
      }
    } else {
      at = next;  // a "<" that is only text
    }
  }
  for (const Open& o : open)  // (what the page's end leaves open ends there)
    if (o.name == "paper-shelf") out[o.shelf].content_end = page.size();
  return out;
}

std::string read_page_source(const std::string& page_dir, const std::string& root,
                             const std::string& src, std::string& text, const char* root_is) {
  if (src == "-") return "\"-\" names no file (prerender reads no standard input)";
  const std::string path = real_path(page_dir + src);
  if (path.empty()) return std::strerror(errno);
  const std::string inside = real_path(root);
  if (inside.empty()) return "its folder " + root + ": " + std::strerror(errno);
  if (!is_within(path, inside)) return "it is outside " + inside + " (" + root_is + ")";
  // Opened without waiting (a FIFO) and without following a link put there since; then judged on
  // what was opened, and read no further than the cap even when it grows meanwhile. (Under Node,
  // Emscripten drops O_NONBLOCK, so a FIFO is refused before it is opened as well.)
  struct stat before {};
  if (::stat(path.c_str(), &before) == 0 && !S_ISREG(before.st_mode))
    return "it is not a regular file";
  const int fd = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return std::strerror(errno);
  std::string problem = read_open_file(fd, kMaxSourceBytes, Accept::RegularFile, text);
  ::close(fd);
  return problem;
}

std::string publish_page_source(const std::string& source, const std::string& site_dir,
                                const std::string& root, const std::string& dest,
                                std::string& text) {
  if (source.empty() || source.front() == '/' || source.find("://") != std::string::npos)
    return "prerender=\"" + source +
           "\" is not a file of the site's source, relative to the folder prerender runs in";
  if (std::string refused = read_page_source("", ".", source, text,
                                             "the folder prerender runs in, the site's source");
      !refused.empty())
    return "prerender=\"" + source + "\" is not read: " + refused;
  // Where it goes: under the built site, by a path with no way out of it ("..") and no link
  // followed at its end, into folders whose real path is inside `root`.
  const std::string published = "src \"" + dest + "\" is not written: ";
  for (std::size_t at = 0; at <= dest.size();) {
    const std::size_t end = std::min(dest.find('/', at), dest.size());
    if (dest.compare(at, end - at, "..") == 0)
      return published + "it climbs out of the site with \"..\"";
    at = end + 1;
  }
  const std::string path = site_dir + dest;
  const std::size_t slash = path.rfind('/');
  const std::string folder = slash == std::string::npos ? "." : path.substr(0, slash);
  std::error_code error;
  std::filesystem::create_directories(folder, error);
  if (error) return published + error.message();
  const std::string inside = real_path(root), real_folder = real_path(folder);
  if (!is_within(real_folder, inside)) return published + "it is outside " + inside;
  // The same bytes are not written again (a second run, or a site that publishes the file itself).
  std::string before;
  const int old = ::open(path.c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
  if (old >= 0) {
    const std::string problem = read_open_file(old, kMaxSourceBytes, Accept::RegularFile, before);
    ::close(old);
    if (!problem.empty()) return published + problem;
    if (before == text) return "";
  } else if (errno != ENOENT) {
    return published + (errno == ELOOP ? "a symbolic link is there" : std::strerror(errno));
  }
  const std::string problem = write_file_no_follow(path, text);
  return problem.empty() ? "" : published + problem;
}

namespace {

// Whether the open file `fd` holds one of `marks`, read from its start in blocks (a page of
// hundreds of megabytes is never held whole).
bool holds_mark(int fd, const std::vector<std::string_view>& marks) {
  std::size_t longest = 0;
  for (std::string_view mark : marks) longest = std::max(longest, mark.size());
  std::string window;  // the block read, after what the last one ended with that a mark could start
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    window.append(buffer, static_cast<std::size_t>(n));
    for (std::string_view mark : marks)
      if (window.find(mark) != std::string::npos) return true;
    if (longest > 0 && window.size() >= longest) window.erase(0, window.size() - (longest - 1));
  }
}

}  // namespace

OwnFile::~OwnFile() {
  if (fd_ >= 0) ::close(fd_);
}

std::string OwnFile::open(const std::string& path, const std::vector<std::string_view>& marks,
                          bool replace_any) {
  error_ = 0;
  someone_elses_ = false;
  // A new file is created exclusively: O_EXCL follows no link, a dangling one included. (Twice,
  // for a file removed between the two opens.)
  for (int attempt = 0; attempt < 2 && fd_ < 0; ++attempt) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd_ >= 0) return {};
    if (errno != EEXIST) return std::strerror(errno);
    // (Without blocking on a FIFO; Emscripten drops O_NONBLOCK, but O_RDWR does not block.)
    fd_ = ::open(path.c_str(), O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    if (fd_ < 0 && errno == ELOOP)
      return "a symbolic link is there (papershelf writes no file through a link)";
    if (fd_ < 0 && errno != ENOENT) return std::strerror(errno);
  }
  if (fd_ < 0) return std::strerror(ENOENT);
  std::string refused;
  struct stat info {};
  if (::fstat(fd_, &info) != 0)
    refused = std::strerror(errno);
  else if (!S_ISREG(info.st_mode))
    refused = "it is not a regular file";
  else if (info.st_nlink > 1)
    refused =
        "it has " + std::to_string(info.st_nlink) +
        " hard links (papershelf writes no file that has other names, which it would change too)";
  else if (!replace_any && !marks.empty() && !holds_mark(fd_, marks))
    refused = "it is not a file papershelf wrote (--force replaces it)", someone_elses_ = true;
  else if (::ftruncate(fd_, 0) != 0 || ::lseek(fd_, 0, SEEK_SET) != 0)
    refused = std::strerror(errno);
  if (!refused.empty()) {
    ::close(fd_);
    fd_ = -1;
  }
  return refused;
}

void OwnFile::write(std::string_view bytes) {
  while (fd_ >= 0 && error_ == 0 && !bytes.empty()) {
    const ssize_t n = ::write(fd_, bytes.data(), bytes.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0)
      error_ = n < 0 ? errno : EIO;
    else
      bytes.remove_prefix(static_cast<std::size_t>(n));
  }
}

std::string OwnFile::close() {
  if (fd_ < 0) return std::strerror(EBADF);
  if (::close(fd_) != 0 && error_ == 0) error_ = errno;
  fd_ = -1;
  return error_ ? std::strerror(error_) : "";
}

std::string write_file_no_follow(const std::string& path, std::string_view text) {
  OwnFile file;
  if (std::string refused = file.open(path); !refused.empty()) return refused;
  file.write(text);
  return file.close();
}

std::string read_open_file(int fd, std::uint64_t max_bytes, Accept accept, std::string& text) {
  text.clear();
  struct stat info {};
  const std::string too_large = "it is larger than " + std::to_string(max_bytes >> 20) + " MB";
  std::string problem;
  if (accept == Accept::StandardInput)
    info.st_mode = S_IFIFO;
  else if (::fstat(fd, &info) != 0)
    problem = std::strerror(errno);
  else if (S_ISDIR(info.st_mode))
    problem = std::strerror(EISDIR);
  else if (accept == Accept::RegularFile && !S_ISREG(info.st_mode))
    problem = "it is not a regular file";
  else if (S_ISREG(info.st_mode) && static_cast<std::uint64_t>(info.st_size) > max_bytes)
    problem = too_large;
  else if (S_ISREG(info.st_mode))
    text.reserve(static_cast<std::size_t>(info.st_size));  // (one string, no regrowth)
  char buffer[1 << 16];
  while (problem.empty()) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) problem = std::strerror(errno);
    if (n <= 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
    if (text.size() > max_bytes) problem = too_large;
  }
  if (!problem.empty()) std::string().swap(text);
  return problem;
}

}  // namespace papershelf::cli
