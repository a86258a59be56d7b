//! The built `index.html`, cut once at start where each page's head goes.
//!
//! Its `<title>` and description go, and each page's tags are written where the title was;
//! the page's first view goes inside `<div id="root">` (decisions D29); everything else (the
//! inline preload script above all) is kept byte for byte.

use std::collections::HashMap;
use std::ops::Range;

use paduka_domain::text::escape_html;

use crate::head::Head;
use crate::text::collapse;

/// The app's mount point, as index.html writes it.
const ROOT: &str = r#"<div id="root">"#;

/// The home page's texts when the built file has none.
pub(crate) const DEFAULT_TITLE: &str = "Paduka · Footwear for every step";
const DEFAULT_DESCRIPTION: &str =
    "Paduka: footwear for every step. Sneakers, sandals, formals and more, delivered across India.";

/// The built `index.html`, cut where each page's head goes.
#[derive(Debug, Clone)]
pub(crate) struct Shell {
    /// The file as built: for the pages the app draws alone.
    plain: Cut,
    /// The file with the app's code tags kept in a template, which index.html's script adds
    /// after the first paint: for the pages drawn here (decisions D29), already readable, whose
    /// stylesheets and main photo come first on a slow network.
    drawn: Cut,
    /// The stylesheets of the routes the app loads on first visit (index.html's
    /// `data-route-chunks`, written by the build), as links: a page drawn here is styled before
    /// the app's code arrives, in the order the app would add them.
    route_styles: HashMap<String, String>,
    /// The built file's own title and description (text, unescaped): the home page's.
    pub(crate) title: String,
    pub(crate) description: String,
}

/// A built file cut where the page's head and body go.
#[derive(Debug, Clone)]
struct Cut {
    /// Up to where the `<title>` was (its description tag removed).
    before: String,
    /// From after the `</title>` on.
    after: String,
    /// Where in `after` the page's body goes: inside the app's `<div id="root">` (none in a
    /// file without one: nothing is written).
    root: Option<usize>,
    /// Where in `after` the head ends: the route's stylesheets go there.
    head_end: Option<usize>,
}

impl Shell {
    pub(crate) fn parse(html: &str) -> Self {
        let (plain, title, description) = Cut::parse(html);
        let (drawn, _, _) = Cut::parse(&for_drawn_page(html));
        let text = |raw: Option<String>, default: &str| {
            let text = collapse(&unescape(&raw.unwrap_or_default()));
            if text.is_empty() {
                default.to_owned()
            } else {
                text
            }
        };
        Self {
            plain,
            drawn,
            route_styles: route_styles(html),
            title: text(title, DEFAULT_TITLE),
            description: text(description, DEFAULT_DESCRIPTION),
        }
    }

    /// The page: the built file with `head` where its title was, the stylesheets of the app's
    /// route `route` (`category`, `product`) before the head ends, and `body` inside its root
    /// element (a page with a body keeps the app's code for after its first paint).
    pub(crate) fn render(&self, head: &Head, route: Option<&str>, body: &str) -> String {
        let cut = if body.is_empty() {
            &self.plain
        } else {
            &self.drawn
        };
        let tags = head.html();
        let styles = route
            .and_then(|route| self.route_styles.get(route))
            .map_or("", String::as_str);
        let mut page = String::with_capacity(
            cut.before.len() + tags.len() + cut.after.len() + styles.len() + body.len(),
        );
        page.push_str(&cut.before);
        page.push_str(&tags);
        let mut from = 0;
        for (at, text) in [(cut.head_end, styles), (cut.root, body)] {
            let Some(at) = at.filter(|_| !text.is_empty()) else {
                continue;
            };
            page.push_str(&cut.after[from..at]);
            page.push_str(text);
            from = at;
        }
        page.push_str(&cut.after[from..]);
        page
    }
}

impl Cut {
    /// Finds the `<title>` and the `<meta name="description">` in the head once, and gives
    /// their texts as written. Without a title the tags go before `</head>`, or at the start
    /// of a file that has neither.
    fn parse(html: &str) -> (Self, Option<String>, Option<String>) {
        // ASCII lower case keeps every byte where it was.
        let lower = html.to_ascii_lowercase();
        let head_end = lower.find("</head>").unwrap_or(html.len());
        let mut cuts: Vec<Range<usize>> = Vec::new();
        let mut description = None;
        let mut from = 0;
        while let Some(at) = lower[from..head_end].find("<meta") {
            let start = from + at;
            let Some(end) = tag_end(html, start) else {
                break;
            };
            let tag = &html[start..end];
            if attribute(tag, "name").is_some_and(|name| name.eq_ignore_ascii_case("description")) {
                description.get_or_insert_with(|| attribute(tag, "content").unwrap_or_default());
                cuts.push(whole_lines(html, start..end));
            }
            from = end;
        }
        let title = lower[..head_end].find("<title").and_then(|start| {
            let open_end = tag_end(html, start)?;
            let close = open_end + lower[open_end..].find("</title>")?;
            Some((start..close + "</title>".len(), &html[open_end..close]))
        });
        let (insert_at, title) = match title {
            Some((range, text)) => {
                cuts.push(range.clone());
                (range.start, Some(text))
            }
            None if head_end < html.len() => (head_end, None),
            None => (0, None),
        };
        cuts.sort_by_key(|cut| cut.start);
        let (mut before, mut after) = (String::new(), String::new());
        let mut kept_from = 0;
        let mut keep = |range: Range<usize>| {
            before.push_str(&html[range.start.min(insert_at)..range.end.min(insert_at)]);
            after.push_str(&html[range.start.max(insert_at)..range.end.max(insert_at)]);
        };
        for cut in cuts {
            if cut.start < kept_from {
                continue;
            }
            keep(kept_from..cut.start);
            kept_from = cut.end;
        }
        keep(kept_from..html.len());
        let root = after.find(ROOT).map(|at| at + ROOT.len());
        let head_end = after.to_ascii_lowercase().find("</head>");
        let cut = Self {
            before,
            after,
            root,
            head_end,
        };
        (
            cut,
            title.map(str::to_owned),
            description.map(str::to_owned),
        )
    }
}

/// The `<template>` a drawn page keeps the app's code tags in, for index.html's script to add
/// once the page has been painted (the script names the same id).
const APP_CODE: &str = "app-code";

/// `html` for a page drawn here (decisions D29): its module script and module preloads moved
/// into a `<template id="app-code">` where the first of them was, so that the browser asks for
/// none of the app's code before the drawn page is on screen.
fn for_drawn_page(html: &str) -> String {
    let lower = html.to_ascii_lowercase();
    let mut out = String::with_capacity(html.len() + 100);
    let (mut from, mut search) = (0, 0);
    let mut code = String::new();
    let mut code_at = None;
    while let Some(at) = lower[search..].find('<').map(|at| search + at) {
        let Some(end) = tag_end(html, at) else {
            break;
        };
        let tag = &html[at..end];
        let is = |name: &str, value: &str| {
            attribute(tag, name).is_some_and(|found| found.eq_ignore_ascii_case(value))
        };
        let script = lower[at..].starts_with("<script");
        // A script's text is code, not tags: the next tag is after its end.
        let element_end = if script {
            lower[end..]
                .find("</script>")
                .map_or(html.len(), |close| end + close + "</script>".len())
        } else {
            end
        };
        let module = script && is("type", "module") && attribute(tag, "src").is_some();
        let preload = lower[at..].starts_with("<link") && is("rel", "modulepreload");
        if module || preload {
            out.push_str(&html[from..at]);
            code_at.get_or_insert(out.len());
            code.push_str(&html[at..element_end]);
            from = element_end;
        }
        search = element_end;
    }
    out.push_str(&html[from..]);
    if let Some(at) = code_at {
        out.insert_str(
            at,
            &format!(r#"<template id="{APP_CODE}">{code}</template>"#),
        );
    }
    out
}

/// The stylesheets index.html's `data-route-chunks` names per route (the build writes it as a
/// JSON object of file lists), as links, without those the file already links.
fn route_styles(html: &str) -> HashMap<String, String> {
    const ATTRIBUTE: &str = "data-route-chunks='";
    let Some(start) = html.find(ATTRIBUTE).map(|at| at + ATTRIBUTE.len()) else {
        return HashMap::new();
    };
    let Some(end) = html[start..].find('\'').map(|at| start + at) else {
        return HashMap::new();
    };
    let Ok(chunks) = serde_json::from_str::<HashMap<String, Vec<String>>>(&html[start..end]) else {
        return HashMap::new();
    };
    chunks
        .into_iter()
        .map(|(route, files)| {
            let links = files
                .iter()
                .filter(|file| {
                    file.ends_with(".css") && !html.contains(&format!("href=\"{file}\""))
                })
                .map(|file| format!(r#"<link rel="stylesheet" href="{}">"#, escape_html(file)))
                .collect::<String>();
            (route, links)
        })
        .collect()
}

/// The end (after its `>`) of the tag starting at `start`; a `>` inside quotes does not count.
fn tag_end(html: &str, start: usize) -> Option<usize> {
    let mut quote = None;
    for (i, byte) in html.bytes().enumerate().skip(start) {
        match (quote, byte) {
            (None, b'"' | b'\'') => quote = Some(byte),
            (Some(q), _) if q == byte => quote = None,
            (None, b'>') => return Some(i + 1),
            _ => {}
        }
    }
    None
}

/// The value of the attribute `wanted` in `tag` (`<meta name="x" content='y'>`), as written.
fn attribute<'a>(tag: &'a str, wanted: &str) -> Option<&'a str> {
    let bytes = tag.as_bytes();
    let at = |i: usize| bytes.get(i).copied().unwrap_or(b'>');
    let mut i = 1;
    while !at(i).is_ascii_whitespace() && at(i) != b'>' {
        i += 1;
    }
    loop {
        while at(i).is_ascii_whitespace() || at(i) == b'/' {
            i += 1;
        }
        if at(i) == b'>' {
            return None;
        }
        let name_start = i;
        while !at(i).is_ascii_whitespace() && !matches!(at(i), b'=' | b'>' | b'/') {
            i += 1;
        }
        let name = &tag[name_start..i];
        while at(i).is_ascii_whitespace() {
            i += 1;
        }
        let mut value = "";
        if at(i) == b'=' {
            i += 1;
            while at(i).is_ascii_whitespace() {
                i += 1;
            }
            let quote = at(i);
            if quote == b'"' || quote == b'\'' {
                let start = i + 1;
                let end = start + tag[start..].find(char::from(quote))?;
                value = &tag[start..end];
                i = end + 1;
            } else {
                let start = i;
                while !at(i).is_ascii_whitespace() && at(i) != b'>' {
                    i += 1;
                }
                value = &tag[start..i];
            }
        }
        if name.eq_ignore_ascii_case(wanted) {
            return Some(value);
        }
    }
}

/// `range` widened to its whole lines when nothing else is on them (so no blank line stays).
fn whole_lines(html: &str, range: Range<usize>) -> Range<usize> {
    let line_start = html[..range.start].rfind('\n').map_or(0, |i| i + 1);
    let rest = &html[range.end..];
    let line_end = rest.find('\n').map_or(html.len(), |i| range.end + i + 1);
    let blank = |text: &str| text.trim().is_empty();
    if blank(&html[line_start..range.start]) && blank(&html[range.end..line_end]) {
        line_start..line_end
    } else {
        range
    }
}

/// The few entities a built file's title or description may carry.
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&#x27;", "'")
        .replace("&amp;", "&")
}

#[cfg(test)]
mod tests {
    use super::*;

    const BUILT: &str = r#"<!doctype html>
<html lang="en-IN">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="Paduka: shoes &amp; more."
    />
    <title>Paduka · Footwear</title>
    <script data-route-chunks='{"a":["/x.js"]}'>
      if (1 > 0) document.title;
    </script>
  </head>
  <body><div id="root"></div></body>
</html>
"#;

    #[test]
    fn the_built_file_is_cut_where_the_title_was_and_keeps_everything_else() {
        let shell = Shell::parse(BUILT);
        assert_eq!(shell.title, "Paduka · Footwear");
        assert_eq!(shell.description, "Paduka: shoes & more.");
        assert!(
            shell
                .plain
                .before
                .ends_with("<meta charset=\"UTF-8\" />\n    ")
        );
        assert!(!shell.plain.before.contains("description"));
        assert!(
            shell
                .plain
                .after
                .starts_with("\n    <script data-route-chunks")
        );
        assert!(shell.plain.after.contains("if (1 > 0) document.title;"));
        let head = Head {
            title: "T".into(),
            description: "D".into(),
            og_type: "website",
            ..Head::default()
        };
        let page = shell.render(&head, None, "");
        assert_eq!(page.matches("<title>").count(), 1);
        assert_eq!(page.matches("name=\"description\"").count(), 1);
        assert_eq!(
            page.replace(&head.html(), "<title>Paduka · Footwear</title>"),
            BUILT.replace(
                "    <meta\n      name=\"description\"\n      content=\"Paduka: shoes &amp; more.\"\n    />\n",
                ""
            )
        );
    }

    #[test]
    fn the_body_goes_inside_the_root_element() {
        let shell = Shell::parse(BUILT);
        let page = shell.render(&Head::default(), None, "<p>Shoes</p>");
        assert!(page.contains(r#"<body><div id="root"><p>Shoes</p></div></body>"#));
    }

    #[test]
    fn a_routes_own_stylesheets_are_linked_before_the_head_ends() {
        let built = r#"<html><head><title>P</title><script data-route-chunks='{"product":["/assets/product-1.js","/assets/product-1.css","/assets/index-1.css"]}'></script><link rel="stylesheet" href="/assets/index-1.css"></head><body><div id="root"></div></body></html>"#;
        let shell = Shell::parse(built);
        let page = shell.render(&Head::default(), Some("product"), "<p>Shoe</p>");
        assert!(page.contains(
            r#"<link rel="stylesheet" href="/assets/index-1.css"><link rel="stylesheet" href="/assets/product-1.css"></head><body><div id="root"><p>Shoe</p></div>"#
        ));
        assert_eq!(
            page.matches("index-1.css").count(),
            2,
            "linked once, named once"
        );
        let home = shell.render(&Head::default(), None, "");
        assert!(!home.contains(r#"href="/assets/product-1.css""#));
    }

    #[test]
    fn a_drawn_page_keeps_the_apps_code_for_after_its_paint_and_the_others_ask_at_once() {
        let built = r#"<html><head><title>P</title><script>var s = '<script type="module" src="/x.js">'; // it's</script><script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-1.js"><link rel="stylesheet" href="/assets/index-1.css"></head><body><div id="root"></div></body></html>"#;
        let shell = Shell::parse(built);
        let drawn = shell.render(&Head::default(), None, "<p>Shoe</p>");
        assert!(
            drawn.contains(
                r#"// it's</script><template id="app-code"><script type="module" crossorigin src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-1.js"></template>
    <link rel="stylesheet" href="/assets/index-1.css"></head>"#
            ),
            "{drawn}"
        );
        assert_eq!(drawn.matches("/assets/index-1.js").count(), 1);
        let plain = shell.render(&Head::default(), None, "");
        assert!(!plain.contains("<template"));
        assert_eq!(
            plain.replace(&Head::default().html(), "<title>P</title>"),
            built
        );
    }

    #[test]
    fn a_file_without_a_title_gets_the_tags_before_its_head_ends() {
        let shell = Shell::parse("<html><head><meta charset=utf-8></head><body></body></html>");
        assert_eq!(shell.plain.before, "<html><head><meta charset=utf-8>");
        assert_eq!(shell.plain.after, "</head><body></body></html>");
        assert_eq!(shell.title, DEFAULT_TITLE);
        let bare = Shell::parse("<!doctype html><title>Paduka</title>");
        assert_eq!(
            (bare.plain.before.as_str(), bare.plain.after.as_str()),
            ("<!doctype html>", "")
        );
        assert_eq!(bare.title, "Paduka");
    }
}
