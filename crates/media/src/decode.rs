//! Reading an image: its type from its first bytes, its dimensions checked from its header
//! before any pixel is decoded, then every pixel (a damaged or truncated image fails here)
//! within a memory limit.

use std::io::Cursor;

use image::metadata::Orientation;
use image::{DynamicImage, ImageDecoder, ImageError, ImageFormat, ImageReader, Limits};
use paduka_application::catalog::PhotoError;
use paduka_domain::InvalidInput;
use paduka_domain::catalog::ImageType;
use paduka_domain::photo::{TOO_MANY_PIXELS, check_dimensions};

/// What decoding may allocate at most: a 50-megapixel image at 8 bytes a pixel (16-bit RGBA)
/// fits, anything a header lies about does not.
const MAX_ALLOC: u64 = 512 * 1024 * 1024;

/// A decoded image and what its file said about it.
pub(crate) struct Decoded {
    pub pixels: DynamicImage,
    /// How the pixels must be turned to stand upright (from EXIF).
    pub orientation: Orientation,
    /// EXIF, XMP or IPTC metadata: where cameras write GPS positions and their own names.
    pub has_metadata: bool,
    /// The colour profile, kept when the image is written again (it is no one's secret).
    pub icc: Option<Vec<u8>>,
}

impl Decoded {
    pub fn is_upright(&self) -> bool {
        self.orientation == Orientation::NoTransforms
    }

    /// Width and height once turned upright.
    pub fn upright_size(&self) -> (u32, u32) {
        let (width, height) = (self.pixels.width(), self.pixels.height());
        match self.orientation {
            Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH => (height, width),
            _ => (width, height),
        }
    }

    pub fn into_upright(mut self) -> Self {
        self.pixels.apply_orientation(self.orientation);
        self.orientation = Orientation::NoTransforms;
        self
    }
}

/// The type of an image, judged by its first bytes; anything but our five is refused.
pub(crate) fn sniff(bytes: &[u8]) -> Result<ImageType, PhotoError> {
    // An ISO media file (AVIF, but also HEIC or MP4): `check_avif` tells them apart.
    if bytes.get(4..8) == Some(b"ftyp") {
        return Ok(ImageType::Avif);
    }
    match image::guess_format(bytes) {
        Ok(ImageFormat::Jpeg) => Ok(ImageType::Jpeg),
        Ok(ImageFormat::Png) => Ok(ImageType::Png),
        Ok(ImageFormat::WebP) => Ok(ImageType::Webp),
        Ok(ImageFormat::Gif) => Ok(ImageType::Gif),
        _ => Err(PhotoError::NotAnImage),
    }
}

/// Decodes the image (the first frame of an animation). `None` for an AVIF, which is only
/// checked: its container and AV1 sequence header must parse and its size pass the rules.
pub(crate) fn decode(bytes: &[u8], image_type: ImageType) -> Result<Option<Decoded>, PhotoError> {
    let format = match image_type {
        ImageType::Jpeg => ImageFormat::Jpeg,
        ImageType::Png => ImageFormat::Png,
        ImageType::Webp => ImageFormat::WebP,
        ImageType::Gif => {
            check_gif(bytes)?;
            ImageFormat::Gif
        }
        ImageType::Avif => {
            check_avif(bytes)?;
            return Ok(None);
        }
    };
    let mut decoder = ImageReader::with_format(Cursor::new(bytes), format)
        .into_decoder()
        .map_err(refusal)?;
    let (width, height) = decoder.dimensions();
    check_dimensions(width, height).map_err(PhotoError::Refused)?;
    let mut limits = Limits::default();
    limits.max_alloc = Some(MAX_ALLOC);
    decoder.set_limits(limits).map_err(refusal)?;

    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let has_metadata = [
        decoder.exif_metadata(),
        decoder.xmp_metadata(),
        decoder.iptc_metadata(),
    ]
    .into_iter()
    .any(|chunk| matches!(chunk, Ok(Some(_))));
    let icc = decoder.icc_profile().ok().flatten();
    let pixels = DynamicImage::from_decoder(decoder).map_err(refusal)?;
    Ok(Some(Decoded {
        pixels,
        orientation,
        has_metadata,
        icc,
    }))
}

/// A GIF's header holds no checksum, so its first frame's descriptor must parse too before
/// the screen size it declares is believed.
fn check_gif(bytes: &[u8]) -> Result<(), PhotoError> {
    let mut options = gif::DecodeOptions::new();
    options.skip_frame_decoding(true);
    let first_frame = options
        .read_info(bytes)
        .and_then(|mut gif| gif.next_frame_info().map(|frame| frame.is_some()));
    match first_frame {
        Ok(true) => Ok(()),
        _ => Err(PhotoError::NotAnImage),
    }
}

fn check_avif(bytes: &[u8]) -> Result<(), PhotoError> {
    let avif = avif_parse::read_avif(&mut &bytes[..]).map_err(|_| PhotoError::NotAnImage)?;
    let header = avif
        .primary_item_metadata()
        .map_err(|_| PhotoError::NotAnImage)?;
    check_dimensions(header.max_frame_width.get(), header.max_frame_height.get())
        .map_err(PhotoError::Refused)
}

/// Why the decoder gave up, as the upload's refusal.
fn refusal(error: ImageError) -> PhotoError {
    match error {
        ImageError::Limits(_) => PhotoError::Refused(InvalidInput::new(TOO_MANY_PIXELS)),
        _ => PhotoError::NotAnImage,
    }
}
