package io.ringmap.schema;

/** A position in a piece of CQL text (a type name or a literal), shared by the parsers of this package. */
abstract class TextCursor {

    protected final String text;
    protected int pos;

    TextCursor(String text) {
        this.text = text;
    }

    /** The failure to throw for malformed text, naming what was expected. */
    protected abstract RuntimeException malformed(String detail);

    protected boolean accept(char c) {
        skipSpaces();
        if (pos < text.length() && text.charAt(pos) == c) {
            pos++;
            return true;
        }
        return false;
    }

    protected void expect(char c) {
        if (!accept(c)) {
            throw malformed("expected '" + c + "' at position " + pos);
        }
    }

    protected void skipSpaces() {
        while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
            pos++;
        }
    }
}
