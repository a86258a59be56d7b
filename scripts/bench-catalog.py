#!/usr/bin/env python3
"""A made-up catalog as a CSV in Shopify's classic layout, as `GET /api/v1/product/export`
writes it (crates/domain/src/catalog/import/export.rs): one row per size, the product's own
columns on its first row, Paduka's own columns last, CRLF line ends. No photos (Image Src
empty), so an import fetches nothing. For scripts/bench-import.sh and scripts/bench-search.sh.

    bench-catalog.py PRODUCTS SIZES [--colours N] [--seed N] > products.csv

The same arguments always give the same file. Names mix places, styles, kinds of shoe and
colours in the demo shop's manner, about one in twenty in Hindi; every product has its own
stock per size (some sizes sold out), a price in whole hundreds and a whole-ten discount, so
that importing the file again changes nothing (decisions D28). With `--colours N` (2 to 10)
each product comes in N colours (`Option2 Name` Color, decisions D44), a row per colour and
size, and its title names no colour.
"""

import argparse
import csv
import random
import sys

HEADER = [
    "Handle", "Title", "Body (HTML)", "Type", "Tags", "Option1 Name", "Option1 Value",
    "Option2 Name", "Option2 Value", "Variant SKU", "Variant Price", "Variant Compare At Price", "Variant Inventory Qty",
    "Image Src", "Image Position", "Info", "Material", "Specifications", "HSN", "Shipping",
]

PLACES = [
    "Marine Drive", "Koramangala", "Bandra", "Nilgiri", "Jaipur", "Kolhapur", "Chennai",
    "Lucknow", "Mysore", "Goa", "Shimla", "Kochi", "Cubbon Park", "Howrah", "Hampi",
    "Darjeeling", "Udaipur", "Pune", "Ooty", "Varanasi",
]
# Category -> (kinds of shoe, materials, tags, HSN).
CATEGORIES = {
    "Sneakers": (["Sneaker", "High-Top", "Slip-On", "Court Classic", "Trainer"],
                 ["Cotton canvas", "Full-grain leather", "Suede and mesh", "Recycled knit"],
                 ["casual", "everyday", "street", "canvas", "white"], "6404"),
    "Running": (["Runner", "Trail Runner", "Tempo", "Jogger", "Racer"],
                ["Engineered mesh", "Ripstop mesh", "Knit upper"],
                ["running", "road", "trail", "daily-trainer", "grip"], "6404"),
    "Formal": (["Oxford", "Derby", "Loafer", "Monk Strap", "Brogue"],
               ["Full-grain leather", "Patent leather", "Suede"],
               ["office", "wedding", "leather", "formal"], "6403"),
    "Sandals": (["Sandal", "Slider", "Kolhapuri", "Floater", "Strappy Sandal"],
                ["Vegetable-tanned leather", "EVA foam", "Rubber"],
                ["summer", "beach", "handcrafted", "festive"], "6402"),
    "Boots": (["Chelsea Boot", "Hiking Boot", "Desert Boot", "Ankle Boot"],
              ["Waxed leather", "Suede", "Nubuck"],
              ["monsoon", "hiking", "winter", "leather"], "6403"),
    "Ethnic": (["Jutti", "Mojari", "Kolhapuri Chappal", "Nagra"],
               ["Hand-embroidered leather", "Velvet with zari", "Camel leather"],
               ["festive", "wedding", "embroidered", "handcrafted"], "6403"),
    "Slippers": (["Slipper", "Flip-Flop", "Home Slipper", "Bathroom Slipper"],
                 ["Rubber", "EVA foam", "Terry cloth"],
                 ["home", "comfort", "everyday"], "6402"),
}
STYLES = ["Classic", "Comfort", "Everyday", "Festive", "Heritage", "Lite", "Pro", "Urban",
          "Soft", "Royal"]
COLOURS = ["Black", "White", "Tan", "Navy", "Olive", "Maroon", "Grey", "Brown", "Red", "Beige"]
HINDI = [
    ("मोजरी जूती", "Ethnic"), ("कोल्हापुरी चप्पल", "Sandals"), ("जूती", "Ethnic"),
    ("चमड़े के जूते", "Formal"), ("खेल के जूते", "Running"), ("हवाई चप्पल", "Slippers"),
]
DESCRIPTIONS = [
    "Cushioned insole that stays comfortable from morning to night",
    "Made in small batches by craftsmen in {place}",
    "Breathable lining for hot days",
    "Grippy rubber sole for wet roads in the monsoon",
    "Light enough for a whole day on your feet",
    "Shoes that go with jeans or a kurta",
]
SIZES = ["UK 5", "UK 6", "UK 7", "UK 8", "UK 9", "UK 10", "UK 11", "UK 12"]


def handle_of(name):
    """Handle::from_name (crates/domain/src/catalog/handle.rs)."""
    def kept(c):
        return c.isalnum() or "\u0300" <= c <= "\u036f" or (
            "\u0900" <= c <= "\u097f" and c not in "\u0964\u0965")
    out, gap = [], False
    for c in name.lower():
        if kept(c):
            if gap and out:
                out.append("-")
            gap = False
            out.append(c)
        else:
            gap = True
    return "".join(out)[:200].rstrip("-") or "product"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("products", type=int)
    parser.add_argument("sizes", type=int)
    parser.add_argument("--colours", type=int, default=1)
    parser.add_argument("--seed", type=int, default=24)
    args = parser.parse_args()
    if not 1 <= args.sizes <= len(SIZES):
        sys.exit(f"sizes: 1 to {len(SIZES)}")
    if not 1 <= args.colours <= len(COLOURS):
        sys.exit(f"colours: 1 to {len(COLOURS)}")
    coloured = args.colours > 1
    rng = random.Random(args.seed)
    out = csv.writer(sys.stdout, lineterminator="\r\n")
    out.writerow(HEADER)
    taken = {}
    for n in range(args.products):
        place = rng.choice(PLACES)
        if rng.random() < 0.05:
            title, category = rng.choice(HINDI)
            kind = rng.choice(CATEGORIES[category][0])
            title = f"{title} {place}"
        else:
            category = rng.choice(list(CATEGORIES))
            kind = rng.choice(CATEGORIES[category][0])
            title = f"{place} {rng.choice(STYLES)} {kind}"
            if not coloured:
                title += f" {rng.choice(COLOURS)}"
        _, materials, tags, hsn = CATEGORIES[category]
        handle = handle_of(title)
        taken[handle] = taken.get(handle, 0) + 1
        if taken[handle] > 1:
            handle = f"{handle}-{taken[handle]}"
        compare_at = rng.randrange(5, 50) * 100
        discount = rng.choice([0, 0, 10, 20, 30])
        price = compare_at * (100 - discount) // 100
        descriptions = [d.format(place=place) for d in rng.sample(DESCRIPTIONS, 2)]
        material = rng.choice(materials)
        product = {
            "Title": title,
            "Body (HTML)": "\n".join(descriptions),
            "Type": category,
            "Tags": ", ".join(rng.sample(tags, min(3, len(tags)))),
            "Option1 Name": "Size",
            "Info": f"{kind} in {material.lower()}, made for {place}",
            "Material": material,
            "Specifications": f"Upper: {material.lower()}\nSole: rubber\nClosure: laces",
            "HSN": hsn,
            "Shipping": "yes",
        }
        if coloured:
            product["Option2 Name"] = "Color"
        colours = rng.sample(COLOURS, args.colours) if coloured else [""]
        code = f"BN-{n:05d}"
        variants = [(colour, size) for colour in colours for size in SIZES[: args.sizes]]
        for i, (colour, size) in enumerate(variants):
            row = dict.fromkeys(HEADER, "")
            row["Handle"] = handle
            if i == 0:
                row.update(product)
            row["Option1 Value"] = size
            row["Option2 Value"] = colour
            row["Variant SKU"] = "-".join(filter(None, [code, colour[:3].upper(), size.split()[-1]]))
            row["Variant Price"] = str(price)
            row["Variant Compare At Price"] = str(compare_at)
            row["Variant Inventory Qty"] = str(rng.choice([0, 2, 5, 8, 12, 20]))
            out.writerow([row[h] for h in HEADER])


if __name__ == "__main__":
    main()
