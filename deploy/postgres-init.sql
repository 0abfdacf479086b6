-- The analytics warehouse gets a database of its own next to the app store (compose.yaml).
CREATE DATABASE warehouse OWNER shelfscope;
