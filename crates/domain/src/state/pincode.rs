//! Which state a pincode is in, as far as its leading digits tell.

use super::State;
use super::State::*;

/// Pincode prefixes to states: the longest prefix that a pincode starts with wins.
///
/// The first digit is India Post's region, the first two its postal circle, which mostly is a
/// state; the longer prefixes are the places where a circle spans several states or union
/// territories. Drawn from India Post's circle list and the head post offices of the border
/// districts; a best guess, not a gazette: a few villages near a border get the neighbour,
/// and the shopper corrects the checkout's state select when that happens.
///
/// - 11 Delhi; 12-13 Haryana; 14-15 Punjab; 16 Chandigarh, except Mohali (16005-16007,
///   Punjab); 17 Himachal Pradesh; 18-19 Jammu and Kashmir, 194 Ladakh.
/// - 20-28 Uttar Pradesh, with Uttarakhand at 246 (Garhwal; but 2467 is Bijnor, UP), 2476
///   (Haridwar district: Roorkee, Laksar), 248 (Dehradun), 249 (Haridwar, Rishikesh, Tehri),
///   24471 (Jaspur, Kashipur, Ramnagar), 2623-2625 (Khatima, Sitarganj, Pithoragarh) and 263
///   (Kumaon: Nainital, Haldwani, Almora, Rudrapur).
/// - 30-34 Rajasthan; 36-39 Gujarat, with Dadra and Nagar Haveli and Daman and Diu at
///   362520 (Diu), 396193 (Dadra) and 39621-39624 (Daman, Silvassa).
/// - 40-44 Maharashtra, 403 Goa; 45-48 Madhya Pradesh; 49 Chhattisgarh.
/// - 50 Telangana; 51-53 Andhra Pradesh, 533464 Yanam (Puducherry).
/// - 56-59 Karnataka; 60-64 Tamil Nadu, with Puducherry at 6050-6051 (but 605101, Auroville,
///   is Tamil Nadu), 607402 (Bahour) and 60960 (Karaikal).
/// - 67-69 Kerala, 68255 Lakshadweep, 673310 Mahe (Puducherry).
/// - 70-74 West Bengal, 737 Sikkim, 744 Andaman and Nicobar Islands; 75-77 Odisha; 78 Assam;
///   790-792 Arunachal Pradesh, 793-794 Meghalaya, 795 Manipur, 796 Mizoram, 797-798
///   Nagaland, 799 Tripura.
/// - 80-85 Bihar, with Jharkhand at 814-816 (Santhal Pargana, Giridih), 822 (Palamu), 825-829
///   (Hazaribagh, Dhanbad, Bokaro, Ramgarh) and 83 (Jamshedpur, Ranchi).
/// - 90-99 are the Army Post Office's, for units wherever they serve: no state.
pub const PINCODE_PREFIXES: &[(&str, State)] = &[
    ("11", Delhi),
    ("12", Haryana),
    ("13", Haryana),
    ("14", Punjab),
    ("15", Punjab),
    ("16", Chandigarh),
    ("16005", Punjab),
    ("16006", Punjab),
    ("16007", Punjab),
    ("17", HimachalPradesh),
    ("18", JammuAndKashmir),
    ("19", JammuAndKashmir),
    ("194", Ladakh),
    ("20", UttarPradesh),
    ("21", UttarPradesh),
    ("22", UttarPradesh),
    ("23", UttarPradesh),
    ("24", UttarPradesh),
    ("24471", Uttarakhand),
    ("246", Uttarakhand),
    ("2467", UttarPradesh),
    ("2476", Uttarakhand),
    ("248", Uttarakhand),
    ("249", Uttarakhand),
    ("25", UttarPradesh),
    ("26", UttarPradesh),
    ("2623", Uttarakhand),
    ("2624", Uttarakhand),
    ("2625", Uttarakhand),
    ("263", Uttarakhand),
    ("27", UttarPradesh),
    ("28", UttarPradesh),
    ("30", Rajasthan),
    ("31", Rajasthan),
    ("32", Rajasthan),
    ("33", Rajasthan),
    ("34", Rajasthan),
    ("36", Gujarat),
    ("362520", DadraAndNagarHaveliAndDamanAndDiu),
    ("37", Gujarat),
    ("38", Gujarat),
    ("39", Gujarat),
    ("396193", DadraAndNagarHaveliAndDamanAndDiu),
    ("39621", DadraAndNagarHaveliAndDamanAndDiu),
    ("39622", DadraAndNagarHaveliAndDamanAndDiu),
    ("39623", DadraAndNagarHaveliAndDamanAndDiu),
    ("39624", DadraAndNagarHaveliAndDamanAndDiu),
    ("40", Maharashtra),
    ("403", Goa),
    ("41", Maharashtra),
    ("42", Maharashtra),
    ("43", Maharashtra),
    ("44", Maharashtra),
    ("45", MadhyaPradesh),
    ("46", MadhyaPradesh),
    ("47", MadhyaPradesh),
    ("48", MadhyaPradesh),
    ("49", Chhattisgarh),
    ("50", Telangana),
    ("51", AndhraPradesh),
    ("52", AndhraPradesh),
    ("53", AndhraPradesh),
    ("533464", Puducherry),
    ("56", Karnataka),
    ("57", Karnataka),
    ("58", Karnataka),
    ("59", Karnataka),
    ("60", TamilNadu),
    ("6050", Puducherry),
    ("6051", Puducherry),
    ("605101", TamilNadu),
    ("607402", Puducherry),
    ("60960", Puducherry),
    ("61", TamilNadu),
    ("62", TamilNadu),
    ("63", TamilNadu),
    ("64", TamilNadu),
    ("67", Kerala),
    ("673310", Puducherry),
    ("68", Kerala),
    ("68255", Lakshadweep),
    ("69", Kerala),
    ("70", WestBengal),
    ("71", WestBengal),
    ("72", WestBengal),
    ("73", WestBengal),
    ("737", Sikkim),
    ("74", WestBengal),
    ("744", AndamanAndNicobarIslands),
    ("75", Odisha),
    ("76", Odisha),
    ("77", Odisha),
    ("78", Assam),
    ("790", ArunachalPradesh),
    ("791", ArunachalPradesh),
    ("792", ArunachalPradesh),
    ("793", Meghalaya),
    ("794", Meghalaya),
    ("795", Manipur),
    ("796", Mizoram),
    ("797", Nagaland),
    ("798", Nagaland),
    ("799", Tripura),
    ("80", Bihar),
    ("81", Bihar),
    ("814", Jharkhand),
    ("815", Jharkhand),
    ("816", Jharkhand),
    ("82", Bihar),
    ("822", Jharkhand),
    ("825", Jharkhand),
    ("826", Jharkhand),
    ("827", Jharkhand),
    ("828", Jharkhand),
    ("829", Jharkhand),
    ("83", Jharkhand),
    ("84", Bihar),
    ("85", Bihar),
];
