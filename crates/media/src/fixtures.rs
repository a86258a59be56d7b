//! Images made in code for tests (no binary fixtures in the repository), and ways to look
//! inside what came back. Compiled for this crate's tests and, with the `fixtures` feature,
//! for other crates' tests.

use std::io::Cursor;

use image::codecs::jpeg::JpegEncoder;
use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{
    DynamicImage, ImageDecoder, ImageEncoder, ImageFormat, ImageReader, Rgb, RgbImage, Rgba,
};

/// A photo-like JPEG: smooth gradients with fine detail, so it compresses as a photo does.
pub fn jpeg(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = Vec::new();
    write_scene(JpegEncoder::new_with_quality(&mut bytes, 90), width, height)
        .expect("an in-memory JPEG encodes");
    bytes
}

/// A PNG of the same scene.
pub fn png(width: u32, height: u32) -> Vec<u8> {
    let mut bytes = Vec::new();
    let encoder =
        PngEncoder::new_with_quality(&mut bytes, CompressionType::Fast, FilterType::Adaptive);
    write_scene(encoder, width, height).expect("an in-memory PNG encodes");
    bytes
}

fn write_scene(encoder: impl ImageEncoder, width: u32, height: u32) -> image::ImageResult<()> {
    let scene = scene(width, height);
    encoder.write_image(
        scene.as_raw(),
        width,
        height,
        image::ExtendedColorType::Rgb8,
    )
}

/// A real 10000 x 6000 (60-megapixel) PNG, one grey level, so it is small to send.
pub fn sixty_megapixel_png() -> Vec<u8> {
    let (width, height) = (10_000, 6_000);
    let mut bytes = Vec::new();
    PngEncoder::new_with_quality(&mut bytes, CompressionType::Best, FilterType::NoFilter)
        .write_image(
            &vec![128; (width * height) as usize],
            width,
            height,
            image::ExtendedColorType::L8,
        )
        .expect("an in-memory PNG encodes");
    bytes
}

fn scene(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        let grain = ((x * 7 + y * 13) % 17) as u8;
        Rgb([
            (x * 255 / width.max(1)) as u8 ^ grain,
            (y * 255 / height.max(1)) as u8,
            ((x + y) % 256) as u8 / 2 + grain,
        ])
    })
}

/// A JPEG as a phone takes it held upright: stored sideways (`width` x `height`, red on the
/// left half, blue on the right) with EXIF orientation 6 ("turn 90 degrees clockwise to
/// show"), the camera's make, and GPS tags. Shown upright it is `height` x `width`, red above
/// blue.
pub fn sideways_phone_jpeg(width: u32, height: u32) -> Vec<u8> {
    let pixels = RgbImage::from_fn(width, height, |x, _| {
        if x < width / 2 {
            Rgb([220, 20, 20])
        } else {
            Rgb([20, 20, 220])
        }
    });
    let mut jpeg = Vec::new();
    JpegEncoder::new_with_quality(&mut jpeg, 95)
        .write_image(
            pixels.as_raw(),
            width,
            height,
            image::ExtendedColorType::Rgb8,
        )
        .expect("an in-memory JPEG encodes");
    with_exif(&jpeg, &exif(6))
}

/// The camera's make written into [`sideways_phone_jpeg`]'s EXIF.
pub const CAMERA_MAKE: &[u8] = b"PadukaPhone";

/// `jpeg` with an APP1 segment carrying `exif` right after its start-of-image marker.
fn with_exif(jpeg: &[u8], exif: &[u8]) -> Vec<u8> {
    assert_eq!(&jpeg[..2], b"\xff\xd8", "a JPEG starts with SOI");
    let length = u16::try_from(exif.len() + 2).expect("EXIF fits in one segment");
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(b"\xff\xe1");
    out.extend_from_slice(&length.to_be_bytes());
    out.extend_from_slice(exif);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// An EXIF block (little-endian TIFF): Make, Orientation and a GPS IFD with latitude and
/// longitude (Mathura, 27.49 N 77.67 E).
fn exif(orientation: u16) -> Vec<u8> {
    const ASCII: u16 = 2;
    const SHORT: u16 = 3;
    const LONG: u16 = 4;
    const RATIONAL: u16 = 5;
    let make: Vec<u8> = [CAMERA_MAKE, b"\0"].concat();
    // Offsets from the TIFF header: IFD0 (3 entries), the make, the GPS IFD (4 entries), then
    // the two coordinates (3 rationals each).
    let ifd0 = 8u32;
    let make_at = ifd0 + 2 + 3 * 12 + 4;
    let gps_at = make_at + make.len() as u32;
    let latitude_at = gps_at + 2 + 4 * 12 + 4;
    let longitude_at = latitude_at + 24;

    let mut tiff = b"II*\0".to_vec();
    tiff.extend_from_slice(&ifd0.to_le_bytes());
    let entry = |tiff: &mut Vec<u8>, tag: u16, kind: u16, count: u32, value: [u8; 4]| {
        tiff.extend_from_slice(&tag.to_le_bytes());
        tiff.extend_from_slice(&kind.to_le_bytes());
        tiff.extend_from_slice(&count.to_le_bytes());
        tiff.extend_from_slice(&value);
    };
    tiff.extend_from_slice(&3u16.to_le_bytes());
    entry(
        &mut tiff,
        0x010f,
        ASCII,
        make.len() as u32,
        make_at.to_le_bytes(),
    );
    let mut short = [0; 4];
    short[..2].copy_from_slice(&orientation.to_le_bytes());
    entry(&mut tiff, 0x0112, SHORT, 1, short);
    entry(&mut tiff, 0x8825, LONG, 1, gps_at.to_le_bytes());
    tiff.extend_from_slice(&0u32.to_le_bytes());
    tiff.extend_from_slice(&make);

    tiff.extend_from_slice(&4u16.to_le_bytes());
    entry(&mut tiff, 0x0001, ASCII, 2, *b"N\0\0\0");
    entry(&mut tiff, 0x0002, RATIONAL, 3, latitude_at.to_le_bytes());
    entry(&mut tiff, 0x0003, ASCII, 2, *b"E\0\0\0");
    entry(&mut tiff, 0x0004, RATIONAL, 3, longitude_at.to_le_bytes());
    tiff.extend_from_slice(&0u32.to_le_bytes());
    for (numerator, denominator) in [(27, 1), (29, 1), (2400, 100), (77, 1), (40, 1), (1200, 100)] {
        tiff.extend_from_slice(&u32::to_le_bytes(numerator));
        tiff.extend_from_slice(&u32::to_le_bytes(denominator));
    }
    [b"Exif\0\0".as_slice(), &tiff].concat()
}

/// A well-formed AVIF file of `width` x `height` as far as its container and AV1 sequence
/// header go (its one OBU carries no picture, which no decoder here would read anyway).
pub fn avif(width: u32, height: u32) -> Vec<u8> {
    fn sized(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
        let size = u32::try_from(8 + body.len()).expect("a small box");
        [&size.to_be_bytes(), kind.as_slice(), body].concat()
    }
    fn full(kind: &[u8; 4], body: &[u8]) -> Vec<u8> {
        sized(kind, &[&[0u8; 4][..], body].concat())
    }

    let obu = sequence_header_obu(width, height);
    let ftyp = sized(b"ftyp", b"avif\0\0\0\0avifmif1miaf");
    let meta_with = |extent_offset: u32| {
        let hdlr = full(
            b"hdlr",
            &[&[0u8; 4][..], b"pict", &[0u8; 12], b"\0"].concat(),
        );
        let pitm = full(b"pitm", &1u16.to_be_bytes());
        let iloc = full(
            b"iloc",
            &[
                &[0x44, 0x00][..],
                &1u16.to_be_bytes(),
                &1u16.to_be_bytes(),
                &0u16.to_be_bytes(),
                &1u16.to_be_bytes(),
                &extent_offset.to_be_bytes(),
                &(obu.len() as u32).to_be_bytes(),
            ]
            .concat(),
        );
        let infe = sized(
            b"infe",
            &[
                &[2u8, 0, 0, 0][..],
                &1u16.to_be_bytes(),
                &[0, 0],
                b"av01",
                b"\0",
            ]
            .concat(),
        );
        let iinf = full(b"iinf", &[&1u16.to_be_bytes()[..], &infe].concat());
        full(b"meta", &[hdlr, pitm, iloc, iinf].concat())
    };
    let meta_len = meta_with(0).len();
    let data_at = u32::try_from(ftyp.len() + meta_len + 8).expect("a small file");
    [ftyp, meta_with(data_at), sized(b"mdat", &obu)].concat()
}

/// An AV1 sequence header OBU for a still picture (8-bit 4:2:0), `width` x `height`.
fn sequence_header_obu(width: u32, height: u32) -> Vec<u8> {
    let mut bits = BitWriter::default();
    bits.put(0, 3); // seq_profile
    bits.put(1, 1); // still_picture
    bits.put(1, 1); // reduced_still_picture_header
    bits.put(31, 5); // seq_level_idx: no level limit
    bits.put(15, 4); // frame_width_bits_minus_1: 16 bits
    bits.put(15, 4); // frame_height_bits_minus_1
    bits.put(width - 1, 16);
    bits.put(height - 1, 16);
    bits.put(0, 3); // 128x128 superblocks, filter intra, intra edge filter: off
    bits.put(0, 3); // superres, cdef, restoration: off
    bits.put(0, 1); // high_bitdepth
    bits.put(0, 1); // mono_chrome
    bits.put(0, 1); // color_description_present_flag
    bits.put(0, 1); // color_range
    bits.put(0, 2); // chroma_sample_position
    bits.put(0, 1); // separate_uv_delta_q
    bits.put(0, 1); // film_grain_params_present
    bits.put(1, 1); // trailing one bit
    let payload = bits.finish();
    let size = u8::try_from(payload.len()).expect("a short header");
    [&[0b0000_1010, size][..], &payload].concat()
}

#[derive(Default)]
struct BitWriter {
    bytes: Vec<u8>,
    used: u32,
}

impl BitWriter {
    fn put(&mut self, value: u32, count: u32) {
        for shift in (0..count).rev() {
            if self.used.is_multiple_of(8) {
                self.bytes.push(0);
            }
            let bit = ((value >> shift) & 1) as u8;
            let last = self.bytes.last_mut().expect("a byte to write into");
            *last |= bit << (7 - self.used % 8);
            self.used += 1;
        }
    }

    fn finish(self) -> Vec<u8> {
        self.bytes
    }
}

/// What a test wants to know about an image that came back.
#[derive(Debug)]
pub struct Inspected {
    pub format: ImageFormat,
    pub width: u32,
    pub height: u32,
    /// Whether it still carries EXIF.
    pub has_exif: bool,
    pixels: DynamicImage,
}

impl Inspected {
    pub fn mime(&self) -> &'static str {
        self.format.to_mime_type()
    }

    pub fn pixel(&self, x: u32, y: u32) -> Rgba<u8> {
        image::GenericImageView::get_pixel(&self.pixels, x, y)
    }
}

/// Decodes `bytes` (JPEG, PNG, WebP or GIF), panicking when they are not such an image.
pub fn inspect(bytes: &[u8]) -> Inspected {
    let format = image::guess_format(bytes).expect("a known image format");
    let mut decoder = ImageReader::with_format(Cursor::new(bytes), format)
        .into_decoder()
        .expect("an image header");
    let has_exif = decoder
        .exif_metadata()
        .expect("readable metadata")
        .is_some();
    let pixels = DynamicImage::from_decoder(decoder).expect("decodable pixels");
    Inspected {
        format,
        width: pixels.width(),
        height: pixels.height(),
        has_exif,
        pixels,
    }
}

/// Whether `needle` occurs in `haystack`.
pub fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack
        .windows(needle.len())
        .any(|window| window == needle)
}
