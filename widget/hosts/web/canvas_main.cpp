// The canvas widget's web host: a flat C ABI that the <paper-shelf> element drives (see
// web/src/canvas.ts). It owns one WebGL 2 context on the module's canvas, feeds ImGui the input
// events the element forwards, and draws the Shelf on request. It holds no publication data of its
// own beyond the rows it is handed: queries run in the core's WASM module, in the element.
//
// Implemented: mouse (move, buttons, wheel), keyboard (named keys, text, modifiers), clipboard
// (copy through the element; paste as text), the page's own fonts (the element draws each glyph
// the widget asks for, regular and bold, at the device pixel ratio; the atlas is rebuilt when
// glyphs arrive), theme colours, mouse cursor shape.
#include <GLES3/gl3.h>
#include <emscripten/emscripten.h>
#include <emscripten/html5.h>

#include <bitset>
#include <cctype>
#include <cmath>
#include <cstdarg>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "imgui.h"
#include "imgui_impl_opengl3.h"
#include "imgui_internal.h"  // GImGui->NavDisableHighlight: the focus ring follows the page's focus
#include "papershelf/json.hpp"
#include "papershelf/query.hpp"
#include "shelf.hpp"
#include "view_json.hpp"

namespace {

using namespace papershelf;

// Input waits in a queue and each frame takes what ImGui 1.86 can tell apart in one frame (it
// keeps button and key state, not events): a press and a release in the same frame would cancel
// out, so a button change ends the frame's mouse input and a key's second change waits for the
// next frame.
struct InputEvent {
  enum Kind { Mouse, Key, Text, Mods } kind = Mouse;
  float x = 0, y = 0;
  int value = 0;  // Mouse: buttons; Key: key index; Mods: ctrl|shift<<1|alt<<2|super<<3;
                  // Text: where its characters start in Host::text
  bool down = false;
};

// A glyph the page drew for the widget (web/src/canvas-glyphs.ts): its coverage bitmap and where
// it sits, in device pixels, relative to the pen at the top of the line.
struct Glyph {
  unsigned codepoint = 0;
  int width = 0, height = 0;
  float x0 = 0, y0 = 0, advance = 0;
  std::vector<unsigned char> alpha;  // width * height, row by row
};

// One face (regular or bold) as the page's fonts draw it at the current pixel ratio.
struct Face {
  float size = 0;  // line height in device pixels
  std::vector<Glyph> glyphs;
};

struct Host {
  EMSCRIPTEN_WEBGL_CONTEXT_HANDLE gl = 0;
  widget::Shelf shelf;
  Face faces[2];            // regular, bold
  float glyph_scale = 1;    // the device pixel ratio the page drew the glyphs at
  bool fonts_dirty = true;  // glyphs arrived: the atlas is rebuilt before the next frame
  bool fonts_built = false;
  std::string result;
  std::vector<InputEvent> input;
  std::string text;  // typed text the queue refers to, each piece NUL-terminated
  float mouse_x = -1e6f, mouse_y = -1e6f;  // the latest pointer position, queued or not
  bool shift = false;                      // the latest modifiers' Shift, queued or not (Shift+F10)
};

Host* g_host = nullptr;

// ImGui asks for the clipboard on Ctrl+C in the search field: the element copies it.
EM_JS(void, ps_host_copy, (const char* text),
      { Module["onCopyText"] && Module["onCopyText"](UTF8ToString(text)); });

void set_clipboard(void*, const char* text) { ps_host_copy(text); }
const char* get_clipboard(void*) { return ""; }  // paste arrives as a text event instead

const char* result(std::string s) {
  g_host->result = std::move(s);
  return g_host->result.c_str();
}

// Builds the font atlas from the glyphs the page drew. ImGui needs one real font to build an
// atlas: its built-in face, reduced to the space, carries the page's glyphs as custom glyphs
// (one ImFont per face). Without glyphs (no 2D canvas) the built-in face is all there is.
void rebuild_fonts() {
  Host& h = *g_host;
  ImGuiIO& io = ImGui::GetIO();
  io.Fonts->Clear();
  static const ImWchar kSpaceOnly[] = {0x20, 0x20, 0};
  ImFont* fonts[2] = {nullptr, nullptr};
  std::vector<int> rects[2];
  for (int f = 0; f < 2; ++f) {
    const Face& face = h.faces[f];
    if (face.glyphs.empty()) continue;
    ImFontConfig config;
    config.SizePixels = face.size;
    config.GlyphRanges = kSpaceOnly;
    fonts[f] = io.Fonts->AddFontDefault(&config);
    for (const Glyph& g : face.glyphs)
      rects[f].push_back(io.Fonts->AddCustomRectFontGlyph(
          fonts[f], static_cast<ImWchar>(g.codepoint), static_cast<unsigned short>(g.width),
          static_cast<unsigned short>(g.height), g.advance, ImVec2(g.x0, g.y0)));
  }
  const float scale = fonts[0] ? h.glyph_scale : 1.0f;
  if (!fonts[0]) fonts[0] = io.Fonts->AddFontDefault();
  io.Fonts->Build();
  unsigned char* pixels = nullptr;
  int tex_w = 0, tex_h = 0;
  io.Fonts->GetTexDataAsAlpha8(&pixels, &tex_w, &tex_h);
  for (int f = 0; f < 2; ++f)
    for (std::size_t i = 0; i < rects[f].size(); ++i) {
      const Glyph& g = h.faces[f].glyphs[i];
      const ImFontAtlasCustomRect* r = io.Fonts->GetCustomRectByIndex(rects[f][i]);
      for (int y = 0; y < g.height; ++y)
        std::memcpy(pixels + (r->Y + y) * tex_w + r->X, g.alpha.data() + y * g.width,
                    static_cast<std::size_t>(g.width));
    }
  io.FontGlobalScale = 1.0f / scale;
  h.shelf.set_font(fonts[0], fonts[1]);
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  h.fonts_dirty = false;
  h.fonts_built = true;
}

int key_index(const char* name) {
  static const std::pair<const char*, ImGuiKey> kKeys[] = {{"Tab", ImGuiKey_Tab},
                                                           {"ArrowLeft", ImGuiKey_LeftArrow},
                                                           {"ArrowRight", ImGuiKey_RightArrow},
                                                           {"ArrowUp", ImGuiKey_UpArrow},
                                                           {"ArrowDown", ImGuiKey_DownArrow},
                                                           {"PageUp", ImGuiKey_PageUp},
                                                           {"PageDown", ImGuiKey_PageDown},
                                                           {"Home", ImGuiKey_Home},
                                                           {"End", ImGuiKey_End},
                                                           {"Insert", ImGuiKey_Insert},
                                                           {"Delete", ImGuiKey_Delete},
                                                           {"Backspace", ImGuiKey_Backspace},
                                                           {" ", ImGuiKey_Space},
                                                           {"Enter", ImGuiKey_Enter},
                                                           {"Escape", ImGuiKey_Escape},
                                                           {"a", ImGuiKey_A},
                                                           {"c", ImGuiKey_C},
                                                           {"v", ImGuiKey_V},
                                                           {"x", ImGuiKey_X},
                                                           {"y", ImGuiKey_Y},
                                                           {"z", ImGuiKey_Z}};
  for (const auto& [n, k] : kKeys)
    if (std::strcmp(n, name) == 0) return k;
  return -1;
}

bool take_input(ImGuiIO& io, std::vector<InputEvent>& queue, std::string& text) {
  bool mouse_done = false;
  const ImVec2 start = io.MousePos;
  std::bitset<ImGuiKey_COUNT> keys_changed;
  std::size_t taken = 0;
  for (; taken < queue.size(); ++taken) {
    const InputEvent& e = queue[taken];
    if (e.kind == InputEvent::Mouse) {
      if (mouse_done) break;
      bool press = false;
      for (int b = 0; b < 3; ++b) press = press || ((e.value >> b) & 1) != io.MouseDown[b];
      io.MousePos = ImVec2(e.x, e.y);
      // A press somewhere new: ImGui sees the pointer arrive on one frame (hover) and the button
      // change on the next, as with a real hand.
      // (ImGui floors the position it keeps)
      if (press && (std::floor(e.x) != start.x || std::floor(e.y) != start.y)) break;
      for (int b = 0; b < 3; ++b) io.MouseDown[b] = (e.value >> b) & 1;
      mouse_done = press;
    } else if (e.kind == InputEvent::Key) {
      if (io.KeysDown[e.value] != e.down) {
        if (keys_changed[e.value]) break;
        keys_changed[e.value] = true;
      }
      io.KeysDown[e.value] = e.down;
    } else if (e.kind == InputEvent::Text) {
      io.AddInputCharactersUTF8(text.c_str() + e.value);
    } else {
      io.KeyCtrl = e.value & 1;
      io.KeyShift = e.value & 2;
      io.KeyAlt = e.value & 4;
      io.KeySuper = e.value & 8;
    }
  }
  queue.erase(queue.begin(), queue.begin() + static_cast<std::ptrdiff_t>(taken));
  if (queue.empty()) text.clear();
  return taken > 0;
}

void write_indices(json::Writer& w, const char* name, const std::vector<std::uint32_t>& list) {
  w.key(name).begin_array();
  for (auto i : list) w.number(i);
  w.end_array();
}

}  // namespace

extern "C" {

// ImGui reads a few integers with sscanf (the GLSL version, .ini lines). libc's sscanf brings
// long-double float scanning (~16 KB of wasm) with it; this one reads literals, whitespace and
// integer conversions (%d %i %u %x %X, with optional width), which is all ImGui asks of it here.
int sscanf(const char* s, const char* format, ...) {
  va_list args;
  va_start(args, format);
  int assigned = 0;
  for (const char* f = format; *f; ++f) {
    if (std::isspace(static_cast<unsigned char>(*f))) {
      while (std::isspace(static_cast<unsigned char>(*s))) ++s;
      continue;
    }
    if (*f != '%' || f[1] == '%') {
      if (*f == '%') ++f;
      if (*s != *f) break;
      ++s;
      continue;
    }
    ++f;
    while (*f >= '0' && *f <= '9') ++f;  // width: ignored (ImGui's inputs are well formed)
    const int base = (*f == 'x' || *f == 'X') ? 16 : 10;
    if (*f != 'd' && *f != 'i' && *f != 'u' && base != 16) break;
    while (std::isspace(static_cast<unsigned char>(*s))) ++s;
    char* end = nullptr;
    const long long v = std::strtoll(s, &end, base);
    if (end == s) break;
    s = end;
    if (*f == 'u' || base == 16)
      *va_arg(args, unsigned*) = static_cast<unsigned>(v);
    else
      *va_arg(args, int*) = static_cast<int>(v);
    ++assigned;
  }
  va_end(args);
  return assigned;
}

// ImGui asks for sines and cosines only to lay out arcs (rounded corners, circles, once per
// radius) and an arc cosine to count their segments. libc's float trigonometry, built for any
// angle to the last bit, is about 3 KB of wasm; these are good to about 1e-5, far below a pixel.
float sinf(float x) {
  constexpr float kTwoPi = 6.28318531f;
  x -= kTwoPi * __builtin_floorf(x / kTwoPi + 0.5f);  // into [-pi, pi]
  const float x2 = x * x;
  return x *
         (1 -
          x2 / 6 * (1 - x2 / 20 * (1 - x2 / 42 * (1 - x2 / 72 * (1 - x2 / 110 * (1 - x2 / 156))))));
}
float cosf(float x) { return sinf(x + 1.57079633f); }
float acosf(float x) {
  // Abramowitz & Stegun 4.4.45 (error under 7e-5 rad)
  const float a = x < 0 ? -x : x;
  const float r =
      __builtin_sqrtf(1 - a) * (1.5707288f + a * (-0.2121144f + a * (0.0742610f - 0.0187293f * a)));
  return x < 0 ? 3.14159265f - r : r;
}

// Creates the WebGL 2 context on the module's canvas and the ImGui context. 0 when WebGL 2 is
// unavailable (the element then falls back to the HTML renderer).
EMSCRIPTEN_KEEPALIVE int ps_canvas_init() {
  if (g_host) return 1;
  EmscriptenWebGLContextAttributes attrs;
  emscripten_webgl_init_context_attributes(&attrs);
  attrs.majorVersion = 2;
  attrs.minorVersion = 0;
  attrs.alpha = false;
  attrs.antialias = false;
  attrs.depth = false;
  attrs.stencil = false;
  const EMSCRIPTEN_WEBGL_CONTEXT_HANDLE gl = emscripten_webgl_create_context("#canvas", &attrs);
  if (gl <= 0) return 0;
  emscripten_webgl_make_context_current(gl);
  g_host = new Host();
  g_host->gl = gl;
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  io.ConfigInputTextCursorBlink = false;  // a blinking caret would draw frames forever
  io.BackendFlags |= ImGuiBackendFlags_HasMouseCursors;
  for (int k = 0; k < ImGuiKey_COUNT; ++k) io.KeyMap[k] = k;
  io.SetClipboardTextFn = set_clipboard;
  io.GetClipboardTextFn = get_clipboard;
  ImGui_ImplOpenGL3_Init("#version 300 es");
  return 1;
}

// Glyphs the page drew (web/src/canvas-glyphs.ts) for face 0 (regular) or 1 (bold), `size` its
// line height and `scale` the pixel ratio, both as drawn: per glyph its codepoint, five floats
// (width, height, x0, y0, advance; device pixels from the pen at the top of the line) and
// width * height coverage bytes, one glyph after another. `replace` drops the face's glyphs first
// (a new pixel ratio or font); otherwise they are added.
EMSCRIPTEN_KEEPALIVE void ps_canvas_set_glyphs(int face, float size, float scale, int replace,
                                               std::uint32_t count, const std::uint32_t* codepoints,
                                               const float* metrics, const unsigned char* alpha) {
  if (face < 0 || face > 1) return;
  Face& f = g_host->faces[face];
  if (replace) f.glyphs.clear();
  f.size = size;
  g_host->glyph_scale = scale > 0 ? scale : 1;
  for (std::uint32_t i = 0; i < count; ++i) {
    Glyph g;
    g.codepoint = codepoints[i];
    const float* m = metrics + i * 5;
    g.width = static_cast<int>(m[0]);
    g.height = static_cast<int>(m[1]);
    g.x0 = m[2];
    g.y0 = m[3];
    g.advance = m[4];
    if (g.codepoint == 0 || g.codepoint > IM_UNICODE_CODEPOINT_MAX || g.width <= 0 || g.height <= 0)
      continue;
    const std::size_t n = static_cast<std::size_t>(g.width) * static_cast<std::size_t>(g.height);
    g.alpha.assign(alpha, alpha + n);
    alpha += n;
    f.glyphs.push_back(std::move(g));
  }
  g_host->fonts_dirty = true;
}

// The query as the element's state has it (the same text syntax as the CLI).
EMSCRIPTEN_KEEPALIVE void ps_canvas_set_query(const char* search, const char* filter,
                                              const char* sort, const char* group) {
  Query q;
  q.search = search;
  q.filter = parse_filter(filter);
  if (auto s = parse_sort(sort)) q.sort = *s;
  if (auto g = group_from_string(*group ? group : "none")) q.group = *g;
  g_host->shelf.set_query(q);
}

// A query result: record indices (display order) plus {groups, total, facets, hasCitations}.
EMSCRIPTEN_KEEPALIVE int ps_canvas_set_view(const std::uint32_t* entries, std::uint32_t count,
                                            const char* json_text) {
  widget::ViewData view;
  if (!widget::view_from_json(json_text, std::vector<std::uint32_t>(entries, entries + count),
                              view))
    return 0;
  g_host->shelf.set_view(std::move(view));
  return 1;
}

// Rows for the given records: a JSON array of view-model objects, in the order of `records`.
EMSCRIPTEN_KEEPALIVE int ps_canvas_set_rows(const std::uint32_t* records, std::uint32_t count,
                                            const char* json_text) {
  json::Value list;
  if (!json::parse(json_text, list) || !list.is_array()) return 0;
  for (std::uint32_t i = 0; i < count && i < list.items.size(); ++i)
    g_host->shelf.set_row(records[i], widget::row_from_json(list.items[i]));
  return 1;
}

EMSCRIPTEN_KEEPALIVE void ps_canvas_clear_rows() { g_host->shelf.clear_rows(); }

EMSCRIPTEN_KEEPALIVE void ps_canvas_set_theme(int dark, std::uint32_t text,
                                              std::uint32_t background, std::uint32_t accent,
                                              int touch) {
  widget::Theme theme;
  theme.dark = dark != 0;
  theme.touch = touch != 0;
  theme.text = text;
  theme.background = background;
  theme.accent = accent;
  g_host->shelf.set_theme(theme);
}

EMSCRIPTEN_KEEPALIVE void ps_canvas_set_max_authors(int n) {
  g_host->shelf.set_max_authors(n > 0 ? static_cast<std::size_t>(n) : 0);
}

// The filter controls that can change the list, as the element judged them: bits 1 year,
// 2 type, 4 status, 8 venue, 16 selected, 32 award, 64 first author.
EMSCRIPTEN_KEEPALIVE void ps_canvas_set_controls(int shown) {
  widget::Shelf::Controls c;
  c.year = shown & 1;
  c.type = shown & 2;
  c.status = shown & 4;
  c.venue = shown & 8;
  c.selected = shown & 16;
  c.award = shown & 32;
  c.first_author = shown & 64;
  g_host->shelf.set_controls(c);
}

// The element's words, in its language: a JSON object of label keys (see PAPERSHELF_WIDGET_LABELS)
// to strings. A key left out keeps its English default.
EMSCRIPTEN_KEEPALIVE void ps_canvas_set_labels(const char* json_text) {
  json::Value given;
  if (!json::parse(json_text ? json_text : "", given) || !given.is_object()) return;
  papershelf::widget::Labels labels;
  auto take = [&](std::string& into, const char* key) {
    if (const json::Value* v = given.find(key); v && v->is_string() && !v->text.empty())
      into = v->text;
  };
#define PAPERSHELF_LABEL_TAKE(member, key, english) take(labels.member, key);
  PAPERSHELF_WIDGET_LABELS(PAPERSHELF_LABEL_TAKE)
#undef PAPERSHELF_LABEL_TAKE
  g_host->shelf.set_labels(std::move(labels));
}

// The core's words in the element's language: a language file's text (core/lang/<code>.json).
EMSCRIPTEN_KEEPALIVE void ps_canvas_set_words(const char* lang, const char* file) {
  g_host->shelf.set_words(papershelf::read_words(file ? file : "", lang ? lang : ""));
}

// The labels the widget draws with now, as that JSON object (tests compare them with the
// element's).
EMSCRIPTEN_KEEPALIVE const char* ps_canvas_labels() {
  const papershelf::widget::Labels& labels = g_host->shelf.labels();
  json::Writer w;
  w.begin_object();
#define PAPERSHELF_LABEL_WRITE(member, key, english) w.field(key, labels.member);
  PAPERSHELF_WIDGET_LABELS(PAPERSHELF_LABEL_WRITE)
#undef PAPERSHELF_LABEL_WRITE
  w.field("wordsLang",
          g_host->shelf.words().lang());  // the language of the core's words ("" English)
  w.end_object();
  return result(w.take());
}

// ---- input (CSS pixels relative to the canvas) ----

EMSCRIPTEN_KEEPALIVE void ps_canvas_mouse(float x, float y, int buttons) {
  g_host->mouse_x = x;
  g_host->mouse_y = y;
  InputEvent e;
  e.kind = InputEvent::Mouse;
  e.x = x;
  e.y = y;
  e.value = buttons;
  g_host->input.push_back(std::move(e));
}

// Whether moving the content at (x, y) by dy (> 0: towards the top) scrolls the widget: an open
// menu takes every wheel, the table until its end.
EMSCRIPTEN_KEEPALIVE int ps_canvas_can_scroll(float x, float y, float dy) {
  if (ImGui::IsPopupOpen("", ImGuiPopupFlags_AnyPopupId)) return 1;
  return g_host->shelf.can_scroll(x, y, dy) ? 1 : 0;
}

// Returns 1 when the wheel scrolls something in the widget (the element then keeps it from the
// page), 0 when the table is already at that end or the pointer is outside it: the page scrolls.
EMSCRIPTEN_KEEPALIVE int ps_canvas_wheel(float dx, float dy) {
  if (!ps_canvas_can_scroll(g_host->mouse_x, g_host->mouse_y, dy)) return 0;
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheelH += dx;
  io.MouseWheel += dy;
  return 1;
}

// Scrolls the table by `pixels` (> 0: down the list) at the next frame: touch drags and their
// momentum.
EMSCRIPTEN_KEEPALIVE void ps_canvas_scroll_by(float pixels) { g_host->shelf.scroll_by(pixels); }

EMSCRIPTEN_KEEPALIVE void ps_canvas_reveal(std::uint32_t record) { g_host->shelf.reveal(record); }

EMSCRIPTEN_KEEPALIVE void ps_canvas_mods(int ctrl, int shift, int alt, int super) {
  g_host->shift = shift != 0;
  InputEvent e;
  e.kind = InputEvent::Mods;
  e.value = (ctrl ? 1 : 0) | (shift ? 2 : 0) | (alt ? 4 : 0) | (super ? 8 : 0);
  g_host->input.push_back(std::move(e));
}

// A named key (KeyboardEvent.key); returns 1 when the widget uses it (the element then prevents
// the browser's default, e.g. scrolling on arrow keys).
EMSCRIPTEN_KEEPALIVE int ps_canvas_key(const char* name, int down) {
  // The keyboard's context menu: the Menu key, or Shift+F10, as the browser has them.
  if (std::strcmp(name, "ContextMenu") == 0 || (std::strcmp(name, "F10") == 0 && g_host->shift)) {
    if (down) g_host->shelf.open_row_menu();
    return 1;
  }
  const int k = key_index(name);
  if (k < 0) return 0;
  InputEvent e;
  e.kind = InputEvent::Key;
  e.value = k;
  e.down = down != 0;
  g_host->input.push_back(std::move(e));
  return 1;
}

EMSCRIPTEN_KEEPALIVE void ps_canvas_text(const char* utf8) {
  InputEvent e;
  e.kind = InputEvent::Text;
  e.value = static_cast<int>(g_host->text.size());
  g_host->text.append(utf8).push_back('\0');
  g_host->input.push_back(e);
}

// 1: focus came from the keyboard (the first row takes ImGui's focus unless one has it);
// 0: focus left (keys are released). Either way a text field being edited is left: arriving by
// Tab goes to the rows, and a widget without focus edits nothing.
EMSCRIPTEN_KEEPALIVE void ps_canvas_focus(int focused) {
  ImGuiIO& io = ImGui::GetIO();
  ImGui::ClearActiveID();
  if (focused && g_host->shelf.probe().focused_record < 0) g_host->shelf.focus_rows();
  // The focus ring shows while the canvas has the keyboard, not after it left.
  GImGui->NavDisableHighlight = !focused;
  if (!focused) {
    g_host->input.clear();
    g_host->text.clear();
    for (bool& k : io.KeysDown) k = false;
    io.KeyCtrl = io.KeyShift = io.KeyAlt = io.KeySuper = false;
  }
}

// ---- frames ----

// Runs the widget once on the queued input at the canvas's last size. Returns whether any input
// was taken.
static bool run_widget(double time) {
  Host& h = *g_host;
  ImGuiIO& io = ImGui::GetIO();
  static double last = 0;
  io.DeltaTime = last > 0 && time > last ? static_cast<float>(time - last) : 1.0f / 60.0f;
  last = time;
  const bool input = take_input(io, h.input, h.text);
  // Enter chooses what the keyboard is on (a menu's item, a checkbox, a button) as Space does,
  // as on any web page; in a text field it stays the field's.
  if (io.KeysDown[ImGuiKey_Enter] && !io.WantTextInput) io.NavInputs[ImGuiNavInput_Activate] = 1.0f;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
  h.shelf.draw();
  io.MouseWheel = io.MouseWheelH = 0;  // taken by NewFrame
  return input;
}

// Whether the widget needs more frames after this one: after input (ImGui settles over a frame or
// two: a header click sorts on the next), while input waits, or while something moves without
// new input: a held key (ImGui repeats it), a drag. Hover and a focused field need none (the
// caret does not blink).
static int wants_frames(bool input) {
  ImGuiIO& io = ImGui::GetIO();
  bool held = ImGui::IsAnyItemActive() && ImGui::IsAnyMouseDown();
  for (int k = 0; k < ImGuiKey_COUNT && !held; ++k) held = io.KeysDown[k];
  return input || !g_host->input.empty() || held ? 1 : 0;
}

// Draws one frame at the canvas's CSS size and pixel ratio. Returns bit 1 when the widget wants
// another frame soon, bit 2 when some rows were drawn as placeholders (their data is asked for),
// bit 4 (and draws nothing) when the text to draw has characters the atlas lacks: the page draws
// them (missingGlyphs in the actions) and asks for the frame again.
EMSCRIPTEN_KEEPALIVE int ps_canvas_frame(float width, float height, float pixel_ratio,
                                         double time) {
  Host& h = *g_host;
  emscripten_webgl_make_context_current(h.gl);
  ImGuiIO& io = ImGui::GetIO();
  if (pixel_ratio <= 0) pixel_ratio = 1;
  if (h.fonts_dirty) rebuild_fonts();
  if (h.shelf.check_new_texts()) return 4;
  io.DisplaySize = ImVec2(width, height);
  io.DisplayFramebufferScale = ImVec2(pixel_ratio, pixel_ratio);
  const bool input = run_widget(time);
  ImGui::Render();
  glViewport(0, 0, static_cast<int>(width * pixel_ratio), static_cast<int>(height * pixel_ratio));
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  return wants_frames(input) | (h.shelf.probe().rows_waiting ? 2 : 0);
}

// Runs the widget on the queued input without drawing, so that a keystroke's edit reaches the
// element (and the core) at once instead of at the next animation frame; the frame that shows it
// follows. Returns 0 (and does nothing) before the first frame, which sets the size and builds
// the font, or when no input waits.
EMSCRIPTEN_KEEPALIVE int ps_canvas_step(double time) {
  Host& h = *g_host;
  if (!h.fonts_built || h.input.empty()) return 0;
  run_widget(time);
  ImGui::EndFrame();
  return 1;
}

// What the user asked for during the last frames, as JSON: {query: {search, filter, sort, group}
// or null, open: [url], copy: [{record, format}], needRows: [record], missingGlyphs: "…",
// announce, textInput: whether a text field is being edited (the page then gives the keyboard to
// an input, for input methods and on-screen keyboards), cursor: "default" | "pointer" | "text"}.
EMSCRIPTEN_KEEPALIVE const char* ps_canvas_take_actions() {
  const widget::Actions a = g_host->shelf.take_actions();
  json::Writer w;
  w.begin_object();
  w.key("query");
  if (a.query_changed) {
    const Query& q = g_host->shelf.query();
    w.begin_object()
        .field("search", q.search)
        .field("filter", to_string(q.filter))
        .field("sort", to_string(q.sort))
        .field("group", std::string(to_string(q.group)))
        .end_object();
  } else {
    w.null();
  }
  w.key("open").begin_array();
  for (const auto& url : a.open) w.string(url);
  w.end_array();
  w.key("copy").begin_array();
  for (const auto& c : a.copy)
    w.begin_object().field("record", c.record).field("format", c.format).end_object();
  w.end_array();
  write_indices(w, "needRows", a.need_rows);
  w.field("missingGlyphs", a.missing_glyphs);
  w.field("announce", a.announce);
  const ImGuiMouseCursor cursor = ImGui::GetMouseCursor();
  w.field("textInput", ImGui::GetIO().WantTextInput);
  w.field("cursor", cursor == ImGuiMouseCursor_Hand        ? "pointer"
                    : cursor == ImGuiMouseCursor_TextInput ? "text"
                                                           : "default");
  w.end_object();
  return result(w.take());
}

// The last frame's layout in CSS pixels, for tests and automation: {search, headers: [rect],
// groupHeaders: [rect], rows: [{record, x, y, w, h}], bars: [rect], rowsDrawn, rowsWaiting,
// popup: {rect, names: [rect], marks: [rect]} or null (the tooltip or "+N" author list)}.
EMSCRIPTEN_KEEPALIVE const char* ps_canvas_probe() {
  const widget::Probe& p = g_host->shelf.probe();
  json::Writer w;
  auto rect = [&](const widget::Rect& r) {
    w.begin_object().field("x", static_cast<int>(r.x)).field("y", static_cast<int>(r.y));
    w.field("w", static_cast<int>(r.w)).field("h", static_cast<int>(r.h)).end_object();
  };
  auto rects = [&](const char* name, const std::vector<widget::Rect>& list) {
    w.key(name).begin_array();
    for (const auto& r : list) rect(r);
    w.end_array();
  };
  w.begin_object().key("search");
  rect(p.search);
  w.key("controls").begin_array();
  for (std::size_t i = 0; i < p.controls.size(); ++i) {
    const widget::Rect& r = p.controls[i];
    w.begin_object()
        .field("name", p.control_names[i])
        .field("x", static_cast<int>(r.x))
        .field("y", static_cast<int>(r.y));
    w.field("w", static_cast<int>(r.w)).field("h", static_cast<int>(r.h)).end_object();
  }
  w.end_array();
  rects("headers", p.headers);
  w.key("headerNames").begin_array();
  for (const auto& name : p.header_names) w.string(name);
  w.end_array();
  w.key("axisLabels").begin_array();
  for (const auto& label : p.axis_labels) w.string(label);
  w.end_array();
  rects("axisLabelRects", p.axis_label_rects);
  w.key("chart");
  if (p.chart.w > 0)
    rect(p.chart);
  else
    w.null();
  w.key("chartToggle");
  if (p.chart_toggle.w > 0)
    rect(p.chart_toggle);
  else
    w.null();
  w.field("filtersOpen", p.filters_open);
  w.key("canvas");
  rect(p.canvas);
  rects("groupHeaders", p.group_headers);
  rects("bars", p.bars);
  w.key("rows").begin_array();
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    const widget::Rect& r = p.rows[i];
    w.begin_object()
        .field("record", p.row_records[i])
        .field("x", static_cast<int>(r.x))
        .field("y", static_cast<int>(r.y));
    w.field("w", static_cast<int>(r.w)).field("h", static_cast<int>(r.h));
    w.field("titleChars", p.title_chars[i]);
    w.key("ownerShown");
    if (p.owner_shown[i] < 0)
      w.null();
    else
      w.boolean(p.owner_shown[i] > 0);
    w.field("authorLine", p.author_lines[i]);
    w.key("more");
    if (p.more[i].w > 0)
      rect(p.more[i]);
    else
      w.null();
    w.field("contentBottom", static_cast<int>(std::ceil(p.content_bottom[i])));
    w.end_object();
  }
  w.end_array();
  w.key("table");
  rect(p.table);
  w.field("scrollY", static_cast<int>(p.scroll_y))
      .field("scrollMaxY", static_cast<int>(p.scroll_max_y));
  w.field("cards", p.cards).field("focusedRecord", p.focused_record);
  // What ImGui's keyboard focus is on (a row, a header, a control), for tests that step through it.
  w.field("navId", static_cast<std::uint32_t>(GImGui->NavId));
  w.field("rowsDrawn", p.rows_drawn).field("rowsWaiting", p.rows_waiting);
  w.field("lateGlyphFrames", p.late_glyph_frames);
  w.key("menu");
  if (p.menu.w > 0)
    rect(p.menu);
  else
    w.null();
  w.key("popup");
  if (p.popup.w > 0) {
    w.begin_object().key("rect");
    rect(p.popup);
    rects("names", p.popup_names);
    rects("marks", p.popup_marks);
    w.end_object();
  } else {
    w.null();
  }
  w.end_object();
  return result(w.take());
}

EMSCRIPTEN_KEEPALIVE std::uint32_t ps_canvas_result_length() {
  return static_cast<std::uint32_t>(g_host->result.size());
}

}  // extern "C"
