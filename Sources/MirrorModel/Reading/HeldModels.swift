/// How a ``JSONModelHolder`` holds its models, and their declared class.
enum HeldModels {
  case one(ModelBase.Type)
  case array(ModelBase.Type)
  case byKey(ModelBase.Type)
}
