//! The AWB as a Code 128 barcode, drawn as filled rectangles.
//!
//! The symbology (the patterns of the 107 symbols, the start, stop and checksum) is the
//! `barcoders` crate's; this module only picks the code sets for it and turns its encoding, one
//! `1` or `0` per module, into bars. An AWB is letters, digits and `-`: code set B holds them
//! all, and a run of digits long enough to gain from it is written in code set C, two digits a
//! symbol, so a long numeric AWB makes a shorter symbol with wider bars.

use barcoders::sym::code128::Code128;
use krilla::geom::Rect;

use crate::pen::{BLACK, Pen};

/// The light margin each side of the bars, in modules: ISO/IEC 15417's minimum.
pub(crate) const QUIET_ZONE: usize = 10;

/// barcoders' marks for starting or switching to code set B and C.
const SET_B: char = 'Ɓ';
const SET_C: char = 'Ć';

/// A Code 128 symbol: its modules, `true` for a bar, without the quiet zones.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Barcode {
    pub(crate) modules: Vec<bool>,
}

impl Barcode {
    /// The AWB's symbol; an error for text Code 128 cannot hold (an AWB always fits).
    pub(crate) fn new(text: &str) -> anyhow::Result<Self> {
        let encoding = encoding(text)?;
        Ok(Self {
            modules: encoding.into_iter().map(|module| module == 1).collect(),
        })
    }

    /// The symbol's width in modules, quiet zones included.
    pub(crate) fn width_with_quiet_zones(&self) -> usize {
        self.modules.len() + 2 * QUIET_ZONE
    }

    /// The bars as (first module, modules wide), counted from the symbol's left edge (the end of
    /// the left quiet zone).
    pub(crate) fn bars(&self) -> Vec<(usize, usize)> {
        let mut bars: Vec<(usize, usize)> = Vec::new();
        for (at, &bar) in self.modules.iter().enumerate() {
            if !bar {
                continue;
            }
            match bars.last_mut() {
                Some((start, width)) if *start + *width == at => *width += 1,
                _ => bars.push((at, 1)),
            }
        }
        bars
    }

    /// The bars as rectangles: the left quiet zone from `x`, the bars `height` tall from `top`,
    /// each module `module` wide.
    pub(crate) fn rects(&self, x: f32, top: f32, module: f32, height: f32) -> Vec<Rect> {
        let left = x + QUIET_ZONE as f32 * module;
        self.bars()
            .into_iter()
            .filter_map(|(start, width)| {
                Rect::from_xywh(
                    left + start as f32 * module,
                    top,
                    width as f32 * module,
                    height,
                )
            })
            .collect()
    }

    pub(crate) fn draw(&self, pen: &mut Pen, x: f32, top: f32, module: f32, height: f32) {
        for rect in self.rects(x, top, module, height) {
            pen.rect(rect, Some(BLACK), None);
        }
    }
}

/// The crate's encoding of the text: one `1` (bar) or `0` (space) a module.
pub(crate) fn encoding(text: &str) -> anyhow::Result<Vec<u8>> {
    let symbol = Code128::new(code_sets(text)).map_err(|error| {
        anyhow::anyhow!("{text:?} cannot be written as a Code 128 barcode: {error}")
    })?;
    Ok(symbol.encode())
}

/// The text as barcoders reads it: in code set B, a run of digits in code set C when that takes
/// fewer symbols (switching there and back costs one symbol each way; a run at the start costs
/// no switch there, at the end none back). A run of an odd count leaves one digit in B: the
/// first, or at the start of the text the last, so that the C part touches the text's end.
pub(crate) fn code_sets(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut set = None;
    let mut switch = |out: &mut String, to: char| {
        if set != Some(to) {
            out.push(to);
            set = Some(to);
        }
    };
    let mut at = 0;
    while at < chars.len() {
        let run = chars[at..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if run == 0 {
            switch(&mut out, SET_B);
            out.push(chars[at]);
            at += 1;
            continue;
        }
        let digits = &chars[at..at + run];
        let at_start = at == 0;
        let at_end = at + run == chars.len();
        let paired = run - run % 2;
        let odd = run % 2 == 1;
        // Symbols in C: the pairs, the odd digit in B, the switch to C unless the text starts
        // with it, and the switch back to B unless nothing follows in B.
        let in_c = paired / 2
            + usize::from(odd)
            + usize::from(!at_start)
            + usize::from(!at_end || (at_start && odd));
        if paired == 0 || in_c >= run {
            switch(&mut out, SET_B);
            out.extend(digits);
        } else if at_start {
            switch(&mut out, SET_C);
            out.extend(&digits[..paired]);
            if odd {
                switch(&mut out, SET_B);
                out.push(digits[paired]);
            }
        } else {
            if odd {
                switch(&mut out, SET_B);
                out.push(digits[0]);
            }
            switch(&mut out, SET_C);
            out.extend(&digits[usize::from(odd)..]);
        }
        at += run;
    }
    out
}
