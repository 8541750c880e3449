// Placeholder barrel: replaced by this module's real exports.
export {};
