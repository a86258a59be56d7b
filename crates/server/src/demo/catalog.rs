//! The demo shop's catalog: five categories and two dozen shoes.

use super::pictures::{Palette, Silhouette};

pub struct DemoCategory {
    pub name: &'static str,
    pub silhouette: Silhouette,
    pub palette: Palette,
}

pub struct DemoProduct {
    /// Index into [`CATEGORIES`].
    pub category: usize,
    pub name: &'static str,
    pub info: &'static str,
    pub silhouette: Silhouette,
    pub palette: Palette,
    /// Price in rupees of the first size; larger sizes cost a little more for some styles.
    pub price: u32,
    pub size_step: u32,
    pub discounts: &'static [u8],
    pub material: &'static str,
    pub tags: &'static str,
    pub description: &'static str,
    pub specifications: &'static str,
    pub quantity: u32,
}

const fn palette(upper: u32, accent: u32, sole: u32, backdrop: u32) -> Palette {
    Palette {
        upper,
        accent,
        sole,
        backdrop,
    }
}

pub const CATEGORIES: [DemoCategory; 5] = [
    DemoCategory {
        name: "Sneakers",
        silhouette: Silhouette::Sneaker,
        palette: palette(0xffffff, 0xe63946, 0xf1f1f1, 0xf4c7c3),
    },
    DemoCategory {
        name: "Running",
        silhouette: Silhouette::Runner,
        palette: palette(0x2b59c3, 0xf4d35e, 0xffffff, 0xc9dcf5),
    },
    DemoCategory {
        name: "Formal",
        silhouette: Silhouette::Formal,
        palette: palette(0x4a2c1d, 0x2b1a10, 0x1b1b1b, 0xe8d9c8),
    },
    DemoCategory {
        name: "Sandals",
        silhouette: Silhouette::Sandal,
        palette: palette(0x8c5a3c, 0xd4a373, 0x3d2b1f, 0xf6e7c1),
    },
    DemoCategory {
        name: "Boots",
        silhouette: Silhouette::Boot,
        palette: palette(0x6b4f3a, 0x3e2c20, 0x222222, 0xdcd3c4),
    },
];

/// A colour a demo design comes in: its name and the upper's colour as `0xRRGGBB`.
pub struct DemoColour {
    pub name: &'static str,
    pub upper: u32,
}

/// The colours of the designs sold in several (decisions D44): each colour drawn with its own
/// upper, its sizes and stock its own. The first is the design's own palette.
pub fn colours_of(design: &str) -> &'static [DemoColour] {
    match design {
        "Bandra Street High-Top" => &[
            DemoColour {
                name: "Charcoal",
                upper: 0x222222,
            },
            DemoColour {
                name: "Rust",
                upper: 0xb7472a,
            },
            DemoColour {
                name: "Sand",
                upper: 0xd8c3a5,
            },
        ],
        _ => &[],
    }
}

macro_rules! product {
    ($cat:expr, $name:expr, $info:expr, $sil:ident, $pal:expr, $price:expr, $step:expr, $disc:expr,
     $material:expr, $tags:expr, $desc:expr, $specs:expr, $qty:expr) => {
        DemoProduct {
            category: $cat,
            name: $name,
            info: $info,
            silhouette: Silhouette::$sil,
            palette: $pal,
            price: $price,
            size_step: $step,
            discounts: $disc,
            material: $material,
            tags: $tags,
            description: $desc,
            specifications: $specs,
            quantity: $qty,
        }
    };
}

pub const PRODUCTS: [DemoProduct; 24] = [
    product!(
        0,
        "Marine Drive Canvas Sneaker",
        "Everyday canvas low-top",
        Sneaker,
        palette(0xf8f9fa, 0x1d3557, 0xffffff, 0xcfe0ee),
        1299,
        0,
        &[20, 20, 15],
        "Cotton canvas",
        "casual,canvas,everyday",
        "A light canvas sneaker for long city days, Cushioned insole that stays comfortable from morning to night",
        "Upper: cotton canvas,Sole: vulcanised rubber,Closure: laces,Weight: 280 g",
        40
    ),
    product!(
        0,
        "Koramangala Court Classic",
        "Leather court shoe with a clean profile",
        Sneaker,
        palette(0xffffff, 0x2a9d8f, 0xeeeeee, 0xd3efe9),
        2499,
        100,
        &[10, 10, 5],
        "Full-grain leather",
        "leather,court,white",
        "A timeless white court shoe in soft leather, Perforated toe for airflow",
        "Upper: leather,Lining: textile,Sole: rubber cupsole,Closure: laces",
        25
    ),
    product!(
        0,
        "Bandra Street High-Top",
        "High-top with padded collar",
        Sneaker,
        palette(0x222222, 0xe76f51, 0xf4f1de, 0xf3d5c0),
        2199,
        0,
        &[25, 25],
        "Suede and mesh",
        "high-top,street,suede",
        "Street-ready high-top with a padded collar, Suede overlays on breathable mesh",
        "Upper: suede and mesh,Sole: rubber,Closure: laces,Ankle: padded",
        18
    ),
    product!(
        0,
        "Monsoon Knit Slip-On",
        "Sock-fit knit that dries fast",
        Sneaker,
        palette(0x6c757d, 0x00b4d8, 0xffffff, 0xd7eef5),
        1799,
        0,
        &[30, 30, 30],
        "Recycled knit",
        "slip-on,knit,lightweight",
        "A sock-like knit slip-on that dries quickly after the rain, Pull tab at the heel",
        "Upper: recycled knit,Sole: EVA,Closure: slip-on,Weight: 220 g",
        3
    ),
    product!(
        0,
        "Heritage Jutti Sneaker",
        "Embroidered sneaker inspired by the jutti",
        Sneaker,
        palette(0x9b2226, 0xee9b00, 0xfdf0d5, 0xf7dccf),
        1999,
        0,
        &[12, 12],
        "Cotton with embroidery",
        "festive,embroidered,handcrafted",
        "Hand-embroidered panels on a comfortable sneaker base, Made in Jaipur",
        "Upper: embroidered cotton,Sole: rubber,Closure: laces,Craft: handmade",
        12
    ),
    product!(
        1,
        "Nilgiri Trail Runner",
        "Grippy trail shoe for hills",
        Runner,
        palette(0x2d6a4f, 0xffb703, 0x1b1b1b, 0xd8f3dc),
        3999,
        0,
        &[15, 15, 10],
        "Ripstop mesh",
        "trail,running,grip",
        "Deep lugs that hold on wet hill paths, Rock plate under the forefoot",
        "Upper: ripstop mesh,Sole: 5 mm lugs,Drop: 8 mm,Weight: 310 g",
        22
    ),
    product!(
        1,
        "Marathon Tempo 2",
        "Light daily trainer",
        Runner,
        palette(0x3a86ff, 0xff006e, 0xffffff, 0xdbe7ff),
        4599,
        0,
        &[20, 20, 20],
        "Engineered mesh",
        "road,running,daily-trainer",
        "Springy foam for everyday miles, Breathable engineered mesh upper",
        "Upper: engineered mesh,Midsole: nitrogen foam,Drop: 10 mm,Weight: 250 g",
        30
    ),
    product!(
        1,
        "Cubbon Park Jogger",
        "Comfortable shoe for easy runs",
        Runner,
        palette(0x8338ec, 0x3a0ca3, 0xf8f9fa, 0xe7dcfb),
        2299,
        0,
        &[35, 35],
        "Mesh",
        "jogging,comfort,budget",
        "Soft cushioning for easy runs and walks, Reflective heel for evening jogs",
        "Upper: mesh,Midsole: EVA,Drop: 10 mm,Reflective: yes",
        50
    ),
    product!(
        1,
        "Sprint Carbon Racer",
        "Carbon-plated race day shoe",
        Runner,
        palette(0xff5400, 0x000000, 0xffffff, 0xffe1cc),
        12999,
        0,
        &[5, 5, 5],
        "Monomesh",
        "racing,carbon,marathon",
        "A full-length carbon plate for race day, Featherweight monomesh upper",
        "Upper: monomesh,Plate: carbon fibre,Drop: 8 mm,Weight: 195 g",
        6
    ),
    product!(
        1,
        "Ghats Hiking Runner",
        "Hybrid for hikes and runs",
        Runner,
        palette(0x6a994e, 0xbc4749, 0x386641, 0xe3f1d7),
        3499,
        100,
        &[18, 18, 18],
        "Mesh with TPU overlays",
        "hiking,hybrid,outdoor",
        "Protective toe cap and a cushioned ride, Ready for trails and tar",
        "Upper: mesh with TPU,Sole: rubber lugs,Toe cap: yes,Weight: 330 g",
        14
    ),
    product!(
        2,
        "Lutyens Oxford",
        "Polished cap-toe oxford",
        Formal,
        palette(0x1b1b1b, 0x000000, 0x111111, 0xe0e0e0),
        4999,
        0,
        &[10, 10, 10],
        "Calf leather",
        "oxford,office,leather",
        "A polished cap-toe oxford for the office and weddings, Leather lining and a stacked heel",
        "Upper: calf leather,Lining: leather,Sole: leather,Construction: Blake stitched",
        20
    ),
    product!(
        2,
        "Chanakya Brogue",
        "Wingtip brogue in tan",
        Formal,
        palette(0x9c6644, 0x7f5539, 0x3b2417, 0xede0d4),
        5499,
        0,
        &[15, 15],
        "Burnished leather",
        "brogue,wingtip,tan",
        "Hand-burnished tan leather with classic broguing, Goodyear welted to last years",
        "Upper: burnished leather,Sole: leather with rubber insert,Construction: Goodyear welt",
        9
    ),
    product!(
        2,
        "Boardroom Derby",
        "Comfortable derby for long days",
        Formal,
        palette(0x2b2d42, 0x14151f, 0x111111, 0xd9dbe6),
        3799,
        0,
        &[20, 20, 20],
        "Corrected-grain leather",
        "derby,office,comfort",
        "An open-laced derby with a cushioned footbed, Non-slip rubber sole",
        "Upper: leather,Footbed: memory foam,Sole: rubber,Fit: regular",
        35
    ),
    product!(
        2,
        "Mysore Silk Loafer",
        "Slip-on loafer with silk lining",
        Formal,
        palette(0x5e0b15, 0x90323d, 0x1b1b1b, 0xf2d7d9),
        4299,
        0,
        &[12, 12],
        "Suede",
        "loafer,slip-on,festive",
        "A soft suede loafer lined with Mysore silk, Hand-stitched apron toe",
        "Upper: suede,Lining: silk,Sole: leather,Closure: slip-on",
        11
    ),
    product!(
        2,
        "Monk Strap Regent",
        "Double monk strap",
        Formal,
        palette(0x432818, 0xbb9457, 0x1b1b1b, 0xeadccc),
        5999,
        0,
        &[8, 8, 8],
        "Calf leather",
        "monk,buckle,leather",
        "Double monk straps with brass buckles, Sleek almond toe",
        "Upper: calf leather,Buckles: brass,Sole: leather,Construction: Blake stitched",
        2
    ),
    product!(
        3,
        "Goa Beach Slide",
        "Cushioned slide for the beach",
        Sandal,
        palette(0x0077b6, 0x90e0ef, 0x03045e, 0xcaf0f8),
        699,
        0,
        &[10, 10, 10],
        "EVA",
        "slide,beach,waterproof",
        "A soft slide that loves water and sand, Contoured footbed",
        "Upper: EVA strap,Sole: EVA,Water-friendly: yes,Weight: 150 g",
        60
    ),
    product!(
        3,
        "Kolhapuri Classic",
        "Handmade leather kolhapuri",
        Sandal,
        palette(0xa0522d, 0xdda15e, 0x6b3e26, 0xfaedcd),
        1199,
        0,
        &[15, 15],
        "Vegetable-tanned leather",
        "kolhapuri,handmade,ethnic",
        "Handmade by artisans in Kolhapur, Vegetable-tanned leather that softens with wear",
        "Upper: leather,Sole: leather,Craft: handmade,Origin: Kolhapur",
        24
    ),
    product!(
        3,
        "Trek Sport Sandal",
        "Adjustable sandal for outdoors",
        Sandal,
        palette(0x333d29, 0xb6ad90, 0x1b1b1b, 0xe6e2d3),
        1899,
        0,
        &[20, 20, 20],
        "Webbing straps",
        "sport,outdoor,adjustable",
        "Three adjustable straps for a secure fit, Grippy rubber outsole",
        "Straps: nylon webbing,Sole: rubber,Closure: hook and loop,Weight: 260 g",
        16
    ),
    product!(
        3,
        "Rann Strappy Flat",
        "Elegant flat sandal",
        Sandal,
        palette(0xc9184a, 0xffb3c1, 0x590d22, 0xffe5ec),
        999,
        0,
        &[25, 25],
        "Synthetic leather",
        "flat,strappy,party",
        "Slim straps with a cushioned sole, Dresses up and down",
        "Upper: synthetic leather,Sole: TPR,Closure: buckle,Heel: flat",
        30
    ),
    product!(
        3,
        "Monsoon Flip-Flop",
        "Everyday flip-flop",
        Sandal,
        palette(0xf77f00, 0xfcbf49, 0x003049, 0xfff1d6),
        399,
        0,
        &[0, 0, 0],
        "Rubber",
        "flip-flop,monsoon,everyday",
        "A sturdy rubber flip-flop for every day, Textured footbed",
        "Upper: rubber,Sole: rubber,Water-friendly: yes,Weight: 120 g",
        80
    ),
    product!(
        4,
        "Himalaya Trekking Boot",
        "Waterproof boot for treks",
        Boot,
        palette(0x5c4033, 0xe09f3e, 0x1b1b1b, 0xe9dccb),
        6999,
        0,
        &[10, 10, 10],
        "Waterproof nubuck",
        "trekking,waterproof,boot",
        "A waterproof membrane keeps feet dry on long treks, Ankle support for rocky paths",
        "Upper: nubuck,Membrane: waterproof,Sole: rubber lugs,Weight: 620 g",
        10
    ),
    product!(
        4,
        "Chelsea Boot Noir",
        "Sleek black chelsea",
        Boot,
        palette(0x1b1b1b, 0x3d3d3d, 0x0d0d0d, 0xdcdcdc),
        4499,
        0,
        &[15, 15],
        "Polished leather",
        "chelsea,black,leather",
        "Elastic side panels for an easy pull-on, Polished leather that shines",
        "Upper: leather,Gussets: elastic,Sole: rubber,Closure: pull-on",
        15
    ),
    product!(
        4,
        "Desert Chukka",
        "Suede chukka boot",
        Boot,
        palette(0xc2a878, 0x8b6f47, 0xe9e3d5, 0xf3ecdf),
        3299,
        0,
        &[22, 22, 22],
        "Suede",
        "chukka,suede,casual",
        "A two-eyelet suede chukka on a crepe sole, Light enough for every day",
        "Upper: suede,Sole: crepe,Closure: laces,Height: ankle",
        4
    ),
    product!(
        4,
        "Ladakh Snow Boot",
        "Insulated winter boot",
        Boot,
        palette(0x264653, 0xe9c46a, 0x111111, 0xd9e8ec),
        5799,
        200,
        &[18, 18],
        "Nylon with faux fur lining",
        "winter,insulated,snow",
        "Warm faux-fur lining down to -20°C, Slip-resistant sole for snow",
        "Upper: nylon,Lining: faux fur,Sole: rubber,Rated: -20°C",
        7
    ),
];

/// Size labels for the variants: UK sizes, two or three per product.
pub fn sizes(count: usize, offset: usize) -> Vec<String> {
    (0..count)
        .map(|i| format!("UK {}", 6 + offset + i))
        .collect()
}
