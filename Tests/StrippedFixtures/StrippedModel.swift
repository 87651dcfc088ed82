public import MirrorModel

/// A model compiled with `-disable-reflection-metadata`: the runtime knows none of its fields.
public final class StrippedModel: ModelBase {
  /// A field the runtime cannot see.
  public var name: String = "initial"
  /// Another field the runtime cannot see.
  public var count: Int = 0
}
