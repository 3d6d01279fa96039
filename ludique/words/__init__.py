"""Every word a visitor reads: the locale catalogues (i18n), the glyphs the fonts must hold, and
the rule cards and history panels as documents (document).  No pygame."""
