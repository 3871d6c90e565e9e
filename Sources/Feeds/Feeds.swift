/// Atom / RSS feeds: decoding, entry identity, new-entry detection. Pure.
public enum FeedsModule {}
