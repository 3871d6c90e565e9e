/// HTTP on libcurl: easy and multi interfaces, timeouts, size caps, conditional GET, retries.
public enum HTTPModule {}
