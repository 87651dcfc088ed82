public import MirrorModel

/// A model compiled with `-disable-reflection-names`: the runtime knows its fields' types and
/// offsets, not their names.
public final class NamelessModel: ModelBase {
  /// A field whose name the runtime cannot tell.
  public var name: String = "initial"
  /// Another field whose name the runtime cannot tell.
  public var count: Int = 0
}
