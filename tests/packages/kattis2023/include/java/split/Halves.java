// Joined to every Java submission (include/java/, in a folder: the package `split`).
package split;

public final class Halves {
  private Halves() {}

  public static long half(long n) {
    return n / 2;
  }
}
