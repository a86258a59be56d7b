//! Users: profiles, and the administrators' list.

pub mod credit;
pub mod delete_user;
pub mod get_sellers;
pub mod get_users;
pub mod update_user;
