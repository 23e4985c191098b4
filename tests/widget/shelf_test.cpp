// The canvas widget, headless: a real ImGui context (no window, no GL) driven by synthetic mouse
// and keyboard input, with the core in-process behind it. Each test clicks or types like a user and
// checks what the widget then shows.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "core_source.hpp"
#include "imgui.h"
#include "papershelf/read.hpp"
#include "papershelf/unicode.hpp"
#include "papershelf/words.hpp"
#include "shelf.hpp"

namespace papershelf::widget {
namespace {

// Team-written data: six papers over three years, two venues with badges, one award, one preprint,
// one javascript: link that must never be opened, one long author list.
constexpr const char* kBib = R"(
@inproceedings{a2024, title = {Alpha Scheduling for LLM Clusters}, author = {Hu*, Qinghao and Ye*, Zhisheng},
  booktitle = {NSDI}, abbr = {NSDI}, year = {2024}, pdf = {https://example.org/a.pdf}, citations = {10}}
@inproceedings{b2024, title = {Beta Storage}, author = {Zhang, Meng and Hu, Qinghao}, booktitle = {OSDI},
  abbr = {OSDI}, year = {2024}, award = {Best Paper Award}, award_name = {Best Paper}, citations = {3}}
@article{c2023, title = {Gamma Networks for LLM Training}, author = {Wang, Zerui and Sun, Peng},
  journal = {CSUR}, abbr = {CSUR}, year = {2023}, website = {javascript:alert(1)}}
@inproceedings{d2023, title = {Delta Compression}, author = {A, One and B, Two and C, Three and D, Four and
  E, Five and F, Six and G, Seven and H, Eight and I, Nine and J, Ten and K, Eleven and Hu, Qinghao},
  booktitle = {NSDI}, abbr = {NSDI}, year = {2023}}
@misc{e2022, title = {Epsilon: an LLM Preprint}, author = {Hu, Qinghao}, year = {2022}, eprint = {2201.00001},
  archivePrefix = {arXiv}}
@inproceedings{f2022, title = {Zeta Systems}, author = {Ye, Zhisheng}, booktitle = {OSDI}, abbr = {OSDI}, year = {2022}}
)";

class Headless {
 public:
  explicit Headless(Library lib, ImVec2 size = ImVec2(1200, 800))
      : source_(std::move(lib), {"Qinghao Hu"}) {
    context_ = ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = size;
    io.DeltaTime = 1.0f / 60.0f;
    io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
    for (int k = 0; k < ImGuiKey_COUNT; ++k) io.KeyMap[k] = k;  // our key codes are ImGui's own
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    shelf.set_font(io.Fonts->Fonts[0]);
    shelf.set_query(Query{});
    shelf.set_view(source_.run(Query{}));
    frames(3);  // rows arrive one frame after they are first drawn
  }
  ~Headless() { ImGui::DestroyContext(context_); }
  Headless(const Headless&) = delete;
  Headless& operator=(const Headless&) = delete;

  // One frame: draw, then let the core answer what the widget asked for.
  Actions frame() {
    ImGui::NewFrame();
    shelf.draw();
    ImGui::Render();
    Actions actions = shelf.take_actions();
    source_.serve(shelf, actions);
    all_.open.insert(all_.open.end(), actions.open.begin(), actions.open.end());
    all_.copy.insert(all_.copy.end(), actions.copy.begin(), actions.copy.end());
    all_.query_changed = all_.query_changed || actions.query_changed;
    all_.missing_glyphs += actions.missing_glyphs;
    return actions;
  }
  void frames(int n) {
    for (int i = 0; i < n; ++i) frame();
  }
  // Press on one frame, release on the next (ImGui 1.86 has no event queue), then settle.
  void click(const Rect& r, bool shift = false, int button = 0) {
    ImGuiIO& io = ImGui::GetIO();
    io.MousePos = ImVec2(r.cx(), r.cy());
    io.KeyShift = shift;
    frame();
    io.MouseDown[button] = true;
    frame();
    io.MouseDown[button] = false;
    frame();
    io.KeyShift = false;
    frames(2);
  }
  void key(ImGuiKey k) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeysDown[k] = true;
    frame();
    io.KeysDown[k] = false;
    frames(2);
  }
  void type(const char* text) {
    ImGui::GetIO().AddInputCharactersUTF8(text);
    frames(3);
  }
  std::vector<std::string> visible_keys() const {
    std::vector<std::string> keys;
    for (auto record : shelf.probe().row_records)
      keys.push_back(source_.library().publications[record].key);
    return keys;
  }
  const Library& library() const { return source_.library(); }
  Actions take_all() { return std::exchange(all_, Actions{}); }

  Shelf shelf;

 private:
  CoreSource source_;
  ImGuiContext* context_ = nullptr;
  Actions all_;
};

Library parse(const char* text) {
  ReadResult r = read(text);
  EXPECT_TRUE(r.diagnostics.empty());
  return std::move(r.library);
}

TEST(Shelf, ShowsTheCoresDefaultOrder) {
  Headless h(parse(kBib));
  const auto keys = h.visible_keys();
  ASSERT_EQ(keys.size(), 6u);
  // Newest first; ties keep file order.
  EXPECT_EQ(keys, (std::vector<std::string>{"a2024", "b2024", "c2023", "d2023", "e2022", "f2022"}));
  // Year, Venue, Publication and, with citations in the data, Cited (links sit in the rows).
  EXPECT_EQ(h.shelf.probe().headers.size(), static_cast<std::size_t>(Column::Count))
      << "citations in the data add a column";
}

TEST(Shelf, ClickingAHeaderSortsAndShiftClickAddsAKey) {
  Headless h(parse(kBib));
  h.click(h.shelf.probe().headers[static_cast<int>(Column::Title)]);
  ASSERT_EQ(h.shelf.query().sort.size(), 1u);
  EXPECT_EQ(h.shelf.query().sort[0].field, SortField::Title);
  EXPECT_FALSE(h.shelf.query().sort[0].descending);
  std::vector<std::string> titles;
  for (const auto& key : h.visible_keys())
    for (const auto& p : h.library().publications)
      if (p.key == key) titles.push_back(p.title.text);
  ASSERT_EQ(titles.size(), 6u);
  EXPECT_TRUE(std::is_sorted(titles.begin(), titles.end())) << titles.front();

  // Shift-click on Venue: title stays first, the venue badge becomes the second key.
  h.click(h.shelf.probe().headers[static_cast<int>(Column::Venue)], /*shift=*/true);
  ASSERT_EQ(h.shelf.query().sort.size(), 2u);
  EXPECT_EQ(h.shelf.query().sort[0].field, SortField::Title);
  EXPECT_EQ(h.shelf.query().sort[1].field, SortField::Badge);

  // A plain click on Year replaces both keys; a second click flips the direction.
  h.click(h.shelf.probe().headers[static_cast<int>(Column::Year)]);
  ASSERT_EQ(h.shelf.query().sort.size(), 1u);
  EXPECT_EQ(h.shelf.query().sort[0].field, SortField::Year);
  const bool first_direction = h.shelf.query().sort[0].descending;
  h.click(h.shelf.probe().headers[static_cast<int>(Column::Year)]);
  EXPECT_NE(h.shelf.query().sort[0].descending, first_direction);
  EXPECT_EQ(h.visible_keys().front(), first_direction ? "e2022" : "a2024");
}

TEST(Shelf, SortSetByTheHostShowsWithoutANewQuery) {
  Headless h(parse(kBib));
  Query q;
  q.sort = {{SortField::Title, true}};
  h.shelf.set_query(q);
  h.frames(3);
  EXPECT_FALSE(h.take_all().query_changed)
      << "the table adopting the host's sort is not a user edit";
}

TEST(Shelf, TypingInTheSearchFieldFilters) {
  Headless h(parse(kBib));
  h.click(h.shelf.probe().search);
  h.type("llm");
  EXPECT_EQ(h.shelf.query().search, "llm");
  EXPECT_EQ(h.visible_keys(), (std::vector<std::string>{"a2024", "c2023", "e2022"}));
  h.key(ImGuiKey_Backspace);
  h.key(ImGuiKey_Backspace);
  h.key(ImGuiKey_Backspace);
  EXPECT_EQ(h.shelf.query().search, "");
  EXPECT_EQ(h.visible_keys().size(), 6u);
}

// A search that matches nothing says so in the list's language: the core's words, not English
// written into the widget.
TEST(Shelf, AnEmptyListSaysSoInTheListsLanguage) {
  Headless h(parse(kBib));
  EXPECT_EQ(h.shelf.probe().empty_message, "");
  std::vector<std::string> problems;
  h.shelf.set_words(read_words(builtin_language("de"), "de", &problems));
  ASSERT_TRUE(problems.empty());
  h.click(h.shelf.probe().search);
  h.type("zzqx");
  ASSERT_TRUE(h.visible_keys().empty());
  EXPECT_EQ(h.shelf.probe().empty_message, std::string(h.shelf.words()("No publications match.")));
  EXPECT_NE(h.shelf.probe().empty_message, "No publications match.") << "German, not English";
}

// The toolbar's count groups its digits as the list's language does, as the element's own count
// does: "1.234 Publikationen", "617 von 1.234 Publikationen" in German.
TEST(Shelf, TheCountGroupsDigitsAsTheListsLanguageDoes) {
  std::string bib;
  for (int i = 0; i < 1234; ++i)
    bib += "@article{k" + std::to_string(i) + ", title = {Paper " + std::to_string(i) +
           (i % 2 ? " on rivers" : " on mountains") + "}, author = {Hu, Qinghao}, year = {2020}}\n";
  Headless h(parse(bib.c_str()));
  EXPECT_EQ(h.shelf.probe().count, "1,234 publications");
  std::vector<std::string> problems;
  h.shelf.set_words(read_words(builtin_language("de"), "de", &problems));
  ASSERT_TRUE(problems.empty());
  Labels german;  // (as the element hands them over: its labels in its language)
  german.count_all = "{total} Publikationen";
  german.count_some = "{shown} von {total} Publikationen";
  h.shelf.set_labels(german);
  h.frames(1);
  EXPECT_EQ(h.shelf.probe().count, "1.234 Publikationen");
  h.click(h.shelf.probe().search);
  h.type("mountains");
  EXPECT_EQ(h.shelf.probe().count, "617 von 1.234 Publikationen");
}

TEST(Shelf, GroupHeadersCollapse) {
  Headless h(parse(kBib));
  Query q;
  q.group = GroupBy::Year;
  h.shelf.set_query(q);
  h.shelf.set_view(CoreSource(h.library(), {"Qinghao Hu"}).run(q));
  h.frames(3);
  ASSERT_EQ(h.shelf.probe().group_headers.size(), 3u);
  ASSERT_EQ(h.visible_keys().size(), 6u);
  h.click(h.shelf.probe().group_headers[0]);  // 2024 collapses
  EXPECT_EQ(h.shelf.probe().group_headers.size(), 3u);
  EXPECT_EQ(h.visible_keys(), (std::vector<std::string>{"c2023", "d2023", "e2022", "f2022"}));
  h.click(h.shelf.probe().group_headers[0]);  // and opens again
  EXPECT_EQ(h.visible_keys().size(), 6u);
}

TEST(Shelf, ChartBarFiltersToItsYear) {
  Headless h(parse(kBib));
  ASSERT_EQ(h.shelf.probe().bars.size(), 3u);  // facets.years, newest first
  h.click(h.shelf.probe().bars[1]);            // 2023
  EXPECT_EQ(h.shelf.query().filter.year_from, 2023);
  EXPECT_EQ(h.shelf.query().filter.year_to, 2023);
  EXPECT_EQ(h.visible_keys(), (std::vector<std::string>{"c2023", "d2023"}));
  h.click(h.shelf.probe().bars[1]);  // again: any year
  EXPECT_EQ(h.shelf.query().filter.year_from, 0);
  EXPECT_EQ(h.visible_keys().size(), 6u);
}

TEST(Shelf, ChartHasABarPerYearWithRecordsOnly) {
  // Its bars are the year facet's values: years 1 and 2199 are two bars, not 2,199. (A year
  // after kLatestYear is a placeholder: no year at all.)
  Headless h(
      parse("@article{first, title={First}, author={Hu, Qinghao}, journal={J}, year=1}\n"
            "@article{last, title={Last}, author={Hu, Qinghao}, journal={J}, year=2199}\n"));
  EXPECT_EQ(h.shelf.probe().bars.size(), 2u);
}

TEST(Shelf, TitleClickOpensOnlySafeLinks) {
  Headless h(parse(kBib));
  h.take_all();
  const Rect first = h.shelf.probe().rows[0];
  const Rect title = h.shelf.probe().headers[static_cast<int>(Column::Title)];
  // The title is the first text line of the row, starting at the Publication column.
  h.click(Rect{title.x + 10, first.y + 2, 4, 4});
  EXPECT_EQ(h.take_all().open, (std::vector<std::string>{"https://example.org/a.pdf"}));
  // c2023's only link is javascript:, so its title is plain text and a click opens nothing.
  const auto keys = h.visible_keys();
  const auto row = std::find(keys.begin(), keys.end(), "c2023") - keys.begin();
  h.click(Rect{title.x + 10, h.shelf.probe().rows[static_cast<std::size_t>(row)].y + 2, 4, 4});
  EXPECT_TRUE(h.take_all().open.empty());
}

TEST(Shelf, KeyboardReachesRowsAndEnterOpensTheTitle) {
  Headless h(parse(kBib));
  h.take_all();
  // Start in the table: focus the first row with a click somewhere off its title, then move with
  // the arrow keys and open with Enter.
  const Rect first = h.shelf.probe().rows[0];
  h.click(Rect{first.x + 4, first.cy(), 1, 1});
  EXPECT_TRUE(h.take_all().open.empty()) << "a click off the title selects, it does not open";
  h.key(ImGuiKey_Enter);
  EXPECT_EQ(h.take_all().open, (std::vector<std::string>{"https://example.org/a.pdf"}));
  h.key(ImGuiKey_DownArrow);
  h.key(ImGuiKey_Enter);
  EXPECT_TRUE(h.take_all().open.empty()) << "b2024 has no link";
  // Down through c2023 (unsafe link only) and d2023 (none) to e2022, whose title goes to arXiv.
  std::vector<std::string> opened;
  for (int i = 0; i < 6 && opened.empty(); ++i) {
    h.key(ImGuiKey_DownArrow);
    h.key(ImGuiKey_Enter);
    opened = h.take_all().open;
  }
  ASSERT_EQ(opened.size(), 1u);
  EXPECT_NE(opened[0].find("arxiv.org/abs/2201.00001"), std::string::npos) << opened[0];
  EXPECT_EQ(h.library().publications[static_cast<std::size_t>(h.shelf.probe().focused_record)].key,
            "e2022");
}

TEST(Shelf, ContextMenuCopiesBibtex) {
  Headless h(parse(kBib));
  h.take_all();
  const Rect first = h.shelf.probe().rows[0];
  h.click(Rect{first.x + first.w * 0.6f, first.cy(), 1, 1}, false, /*button=*/1);
  // The popup's first item is "Copy BibTeX", just below the pointer.
  h.click(Rect{first.x + first.w * 0.6f + 20, first.cy() + ImGui::GetFontSize() * 0.5f + 6, 1, 1});
  const Actions all = h.take_all();
  ASSERT_EQ(all.copy.size(), 1u);
  EXPECT_EQ(all.copy[0].format, "bibtex");
  EXPECT_EQ(h.library().publications[all.copy[0].record].key, "a2024");
}

TEST(Shelf, MissingGlyphsAreReportedOnce) {
  Headless h(parse(kBib));
  h.take_all();
  Row row;
  row.title = "Łódź and 中文";
  h.shelf.set_row(0, row);
  h.shelf.set_row(1, row);
  h.frame();
  const std::string missing = h.take_all().missing_glyphs;
  // The built-in font has Latin-1 only: Ł, ź and the two CJK characters, each once.
  EXPECT_EQ(missing, "Łź中文");
}

// `n` papers k0, k1, ... ("Paper 0", ...), record i in the file's place i, over `years` years from
// 1990.
Library numbered_papers(std::uint32_t n, int years) {
  Library lib;
  lib.publications.resize(n);
  for (std::uint32_t i = 0; i < n; ++i) {
    Publication& p = lib.publications[i];
    p.key = "k" + std::to_string(i);
    p.title = "Paper " + std::to_string(i);
    p.date.year = 1990 + static_cast<int>(i % static_cast<std::uint32_t>(years));
    p.order = i;
  }
  return lib;
}

TEST(Shelf, ClipperKeepsFrameWorkBoundedWith100kRows) {
  Headless h(numbered_papers(100000, 35));
  EXPECT_EQ(h.shelf.view().entries.size(), 100000u);
  EXPECT_GT(h.shelf.probe().rows_drawn, 5u);
  EXPECT_LT(h.shelf.probe().rows_drawn, 40u) << "only visible rows are drawn";
  // Scrolling far down still draws only a screenful, and rows are fetched lazily.
  ImGui::GetIO().MousePos = ImVec2(600, 500);
  for (int i = 0; i < 5; ++i) {
    ImGui::GetIO().MouseWheel = -200.0f;
    h.frame();
  }
  h.frames(2);
  EXPECT_LT(h.shelf.probe().rows_drawn, 40u);
  EXPECT_NE(h.visible_keys().front(), "k0");
}

// A link to one paper far down a long list (the page's #ps-KEY): the table scrolls its row into
// the middle of the rows' area and gives it the keyboard focus; a record the view does not show
// changes nothing.
TEST(Shelf, ALinkedRecordIsScrolledIntoViewAndFocused) {
  Headless h(numbered_papers(300, 1));
  const std::uint32_t linked = h.shelf.view().entries[240];
  ASSERT_EQ(
      std::count(h.shelf.probe().row_records.begin(), h.shelf.probe().row_records.end(), linked), 0)
      << "the linked row starts out of view";
  h.shelf.reveal(linked);
  h.frames(4);
  const Probe& probe = h.shelf.probe();
  EXPECT_EQ(probe.focused_record, static_cast<std::int64_t>(linked));
  const auto at = std::find(probe.row_records.begin(), probe.row_records.end(), linked);
  ASSERT_NE(at, probe.row_records.end());
  const Rect row = probe.rows[static_cast<std::size_t>(at - probe.row_records.begin())];
  EXPECT_GE(row.y, probe.table.y);
  EXPECT_LE(row.y + row.h, probe.table.y + probe.table.h);
  // Near the middle of the table, not merely somewhere on screen.
  EXPECT_LT(std::fabs(row.cy() - (probe.table.y + probe.table.h * 0.5f)), probe.table.h * 0.25f);

  // A search that leaves it out: a link to it scrolls nothing and focuses nothing.
  h.click(h.shelf.probe().search);
  h.type("Paper 7");
  h.frames(2);
  const std::vector<std::uint32_t>& now = h.shelf.view().entries;
  ASSERT_FALSE(now.empty());
  ASSERT_EQ(std::count(now.begin(), now.end(), linked), 0);
  const float before = h.shelf.probe().scroll_y;
  h.shelf.reveal(linked);
  h.frames(3);
  EXPECT_EQ(h.shelf.probe().scroll_y, before);
  EXPECT_NE(h.shelf.probe().focused_record, static_cast<std::int64_t>(linked));
}

// A phone's canvas (375 x 640 CSS px, the element's canvas there): the toolbar folds its menus
// behind "Filters" and the chart under its title, so that the list keeps two thirds of the height
// or more, with the mouse and with a finger's 44 px controls; both folds open.
TEST(Shelf, OnAPhoneTheListKeepsTwoThirdsOfTheCanvas) {
  for (const bool touch : {false, true}) {
    Headless h(parse(kBib), ImVec2(375, 640));
    Theme theme;
    theme.touch = touch;
    h.shelf.set_theme(theme);
    h.frames(3);
    Probe p = h.shelf.probe();
    EXPECT_TRUE(p.cards);
    EXPECT_FALSE(p.filters_open);
    EXPECT_EQ(p.chart.w, 0.0f) << "the chart is folded";
    EXPECT_TRUE(p.bars.empty());
    ASSERT_GT(p.chart_toggle.w, 0.0f);
    EXPECT_GE(p.table.h / p.canvas.h, 2.0f / 3.0f)
        << "touch " << touch << ": the list has " << p.table.h << " of " << p.canvas.h << " px";
    // Nothing of the toolbar is below the list's top, nothing overlaps: search and Filters share a
    // line.
    const auto named = [&](const char* name) {
      for (std::size_t i = 0; i < p.controls.size(); ++i)
        if (p.control_names[i] == name) return p.controls[i];
      return Rect{};
    };
    const Rect search = named("search"), filters = named("filters");
    ASSERT_GT(filters.w, 0.0f);
    EXPECT_EQ(search.y, filters.y);
    EXPECT_LE(search.x + search.w, filters.x);
    EXPECT_LE(filters.x + filters.w, p.canvas.w);
    EXPECT_LE(p.chart_toggle.y + p.chart_toggle.h, p.table.y);
    if (touch) {
      EXPECT_GE(p.chart_toggle.h, 44.0f);
    }
    EXPECT_EQ(named("type").w, 0.0f) << "the menus wait behind Filters";

    h.click(p.chart_toggle);
    p = h.shelf.probe();
    EXPECT_GT(p.chart.w, 0.0f) << "the chart opens";
    EXPECT_EQ(p.bars.size(), 3u);
    h.click(named("filters"));
    p = h.shelf.probe();
    EXPECT_TRUE(p.filters_open);
    EXPECT_NE(std::find(p.control_names.begin(), p.control_names.end(), "type"),
              p.control_names.end());
    EXPECT_GT(p.table.y, p.chart.y + p.chart.h - 1);
  }
}

// The narrow layout is a phone's only: at 1280 px the chart and the menus show as before.
TEST(Shelf, OnADesktopTheChartAndMenusShow) {
  Headless h(parse(kBib), ImVec2(1280, 800));
  const Probe& p = h.shelf.probe();
  EXPECT_FALSE(p.cards);
  EXPECT_TRUE(p.filters_open);
  EXPECT_GT(p.chart.w, 0.0f);
  EXPECT_EQ(p.chart_toggle.w, 0.0f);
  EXPECT_NE(std::find(p.control_names.begin(), p.control_names.end(), "type"),
            p.control_names.end());
}

// A card is as tall as its lines: a one-line title leaves no blank line (a card of a two-line
// title is one line taller), nor does a missing venue; the cards follow each other at one spacing.
TEST(Shelf, CardsAreAsTallAsTheirTitles) {
  Headless h(parse(R"(
@article{long, title = {A Very Long Title About Scheduling Deep Learning Training Jobs on Shared GPU Clusters at Scale},
  author = {Hu, Qinghao}, journal = {Journal of Tests}, year = {2024}}
@article{short, title = {Short}, author = {Hu, Qinghao}, journal = {Journal of Tests}, year = {2023}}
@article{short2, title = {Also Short}, author = {Ye, Zhisheng and Hu, Qinghao}, journal = {Journal of Tests}, year = {2022}}
@misc{novenue, title = {No Venue Here}, author = {Hu, Qinghao}, year = {2021}}
)"),
             ImVec2(375, 640));
  h.frames(2);
  const Probe& p = h.shelf.probe();
  ASSERT_TRUE(p.cards);
  ASSERT_EQ(p.rows.size(), 4u);
  const float line = ImGui::GetTextLineHeight();
  for (std::size_t i = 0; i < p.rows.size(); ++i) {
    const float slack = p.rows[i].y + p.rows[i].h - p.content_bottom[i];
    EXPECT_GE(slack, 0.0f) << i;
    EXPECT_LT(slack, line * 0.75f) << "card " << i << " ends with a blank line";
  }
  EXPECT_NEAR(p.rows[0].h - p.rows[1].h, line, 0.5f)
      << "the two-line title's card is a line taller";
  EXPECT_NEAR(p.rows[1].h, p.rows[2].h, 0.5f);
  EXPECT_NEAR(p.rows[1].h - p.rows[3].h, line, 0.5f) << "a card without a venue has no venue line";
  const float gap = p.rows[1].y - (p.rows[0].y + p.rows[0].h);
  EXPECT_GE(gap, 0.0f);
  EXPECT_NEAR(p.rows[2].y - (p.rows[1].y + p.rows[1].h), gap, 0.5f);
}

// No column stands empty: without a venue abbreviation in the list, no Venue column.
TEST(Shelf, NoVenueColumnWithoutVenueAbbreviations) {
  const char* bare = R"(
@article{x1, title = {First}, author = {Hu, Qinghao}, journal = {Journal of Tests}, year = {2024}}
@article{x2, title = {Second}, author = {Hu, Qinghao}, journal = {Letters on Tests}, year = {2023}}
)";
  Headless without(parse(bare));
  const auto& names = without.shelf.probe().header_names;
  ASSERT_FALSE(names.empty());
  EXPECT_EQ(std::find(names.begin(), names.end(), without.shelf.labels().venue), names.end());
  EXPECT_NE(std::find(names.begin(), names.end(), without.shelf.labels().publication), names.end());
  // Clicking the Year header still sorts (the columns' order moved).
  const Rect year = without.shelf.probe().headers[0];
  without.click(year);
  EXPECT_EQ(without.visible_keys(), (std::vector<std::string>{"x2", "x1"}));

  Headless with(parse(kBib));
  const auto& with_names = with.shelf.probe().header_names;
  EXPECT_NE(std::find(with_names.begin(), with_names.end(), with.shelf.labels().venue),
            with_names.end());
}

// The chart's axis reads whole years, as the core labels them ("2019", never "19"), on a phone's
// canvas and a desktop's, none over another, the newest always labelled.
TEST(Shelf, ChartAxisShowsWholeYears) {
  std::string bib;
  for (int y = 1996; y <= 2024; ++y)
    bib += "@article{p" + std::to_string(y) + ", title = {Paper " + std::to_string(y) +
           "}, author = {Hu, Qinghao}, journal = {J}, year = {" + std::to_string(y) + "}}\n";
  for (const float width : {375.0f, 1280.0f}) {
    Headless h(parse(bib.c_str()), ImVec2(width, 700));
    if (h.shelf.probe().chart_toggle.w > 0) h.click(h.shelf.probe().chart_toggle);
    const Probe& p = h.shelf.probe();
    ASSERT_GT(p.chart.w, 0.0f) << width;
    const auto& years = h.shelf.view().facets.years;
    ASSERT_GE(p.axis_labels.size(), 2u) << width;
    for (std::size_t i = 0; i < p.axis_labels.size(); ++i) {
      EXPECT_TRUE(std::any_of(years.begin(), years.end(),
                              [&](const FacetValue& y) { return y.label == p.axis_labels[i]; }))
          << width << ": \"" << p.axis_labels[i] << "\" is no year of the list";
      EXPECT_EQ(p.axis_labels[i].size(), 4u) << width << ": \"" << p.axis_labels[i] << "\"";
      const Rect& r = p.axis_label_rects[i];
      EXPECT_GE(r.x, p.chart.x);
      EXPECT_LE(r.x + r.w, p.chart.x + p.chart.w + 0.5f);
      if (i) {
        EXPECT_GT(r.x, p.axis_label_rects[i - 1].x + p.axis_label_rects[i - 1].w)
            << width << ": labels overlap";
      }
    }
    EXPECT_EQ(p.axis_labels.back(), "2024");
    if (width > 1000) {
      EXPECT_EQ(p.axis_labels.size(), years.size()) << "a desktop's chart labels every year";
    }
  }
}

}  // namespace
}  // namespace papershelf::widget
