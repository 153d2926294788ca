// Written in the session-31 hunt, as a catalog server is written: two repositories with a
// `load(_:)` each, reached through stored properties of values of known type
// (`repos.products.load(scope)` with `repos: Repos`, `self.repos.categories`,
// `app.catalog.repos.categories`, `makeRepos().products`), annotated or typed by their
// initial value, or returned by a method of such a value (`self.makeCategories()`,
// `app.catalog.makeCategories()`, `makeRepos().productRepo()`). Each link is typed by its
// declaration, so each call reaches one `load`.
// Also a property a subclass inherits (`products.load(scope)` in 'ProductListModel',
// `model.repos.categories` through it): the superclass declares it.
// Before: a false `ambiguous-call` at each (12) and a false 'Locale' at 'productServer'.
// Planted: 'warmServerWithoutLocale' and 'refreshWithoutLocale' lack 'Locale', read by
// 'CategoryRepo.load(_:)' only: an error at each, through the categories' calls.
import Implicits

struct DB: Sendable { func rows(_ t: String) -> [String] { [] } }
struct Search: Sendable { func index(_ s: [String]) {} }
struct Images: Sendable { func url(_ s: String) -> String { s } }
struct Locale: Sendable { var id = "en" }

struct Product { let id: String }
struct Category { let name: String }

final class ProductRepo {
  func load(_ scope: ImplicitScope) -> [Product] {
    @Implicit var db: DB
    return db.rows("products").map(Product.init(id:))
  }
}

final class CategoryRepo {
  func load(_ scope: ImplicitScope) -> [Category] {
    @Implicit var db: DB
    @Implicit var locale: Locale // expected-note@:19 {{'Locale' is read here}} expected-note@:19 {{'Locale' is read here}}
    return db.rows("categories_\(locale.id)").map(Category.init(name:))
  }
}

struct Repos {
  let products = ProductRepo()
  let categories: CategoryRepo = CategoryRepo()
  func productRepo() -> ProductRepo { products }
}

func makeProductRepo() -> ProductRepo { ProductRepo() }

protocol Indexable {
  var searchText: String { get }
}
extension Product: Indexable { var searchText: String { id } }
extension Category: Indexable { var searchText: String { name } }

extension Array where Element: Indexable {
  func reindex(_ scope: ImplicitScope) {
    @Implicit var search: Search
    search.index(map(\.searchText))
  }
}

struct Page<Item> {
  var items: [Item]
  func render(_ scope: ImplicitScope, _ line: (Item) -> String) -> String {
    @Implicit var images: Images
    return items.map { images.url(line($0)) }.joined()
  }
}

extension Page where Item == Product {
  func renderProducts(_ scope: ImplicitScope) -> String {
    render(scope) { $0.id }
  }
}

func productsOnly(_ scope: ImplicitScope) -> String {
  let repo = makeProductRepo()
  let products = repo.load(scope)
  products.reindex(scope)
  return Page(items: products).renderProducts(scope)
}

func reindexAll(_ repos: Repos, _ scope: ImplicitScope) {
  repos.products.load(scope).reindex(scope)
  repos.categories.load(scope).reindex(scope)
}

func firstProduct(_ repos: Repos?, _ scope: ImplicitScope) -> Product? {
  guard let repo: ProductRepo = repos?.products else { return nil }
  return repo.load(scope).first
}

final class CatalogService {
  let repos: Repos
  init(repos: Repos) { self.repos = repos }
  func warm(_ scope: ImplicitScope) {
    _ = self.repos.categories.load(scope)
    _ = repos.products.load(scope)
    _ = self.makeCategories().load(scope)
  }
  func makeCategories() -> CategoryRepo { repos.categories }
}

struct App { let catalog = CatalogService(repos: Repos()) }
func makeRepos() -> Repos { Repos() }

func warmAll(_ app: App, _ scope: ImplicitScope) {
  app.catalog.warm(scope)
  _ = app.catalog.repos.categories.load(scope) // expected-note@:7 {{'Locale' is required by the call to 'load(_:)' here}}
  _ = makeRepos().products.load(scope)
  _ = app.catalog.makeCategories().load(scope).count + makeRepos().productRepo().load(scope).count
}

class ListModel {
  let products = ProductRepo()
  var repos: Repos? = Repos()
}

final class ProductListModel: ListModel {
  func refresh(_ scope: ImplicitScope) -> Int {
    products.load(scope).count + (repos?.categories.load(scope).count ?? 0) // expected-note@:35 {{'Locale' is required by the call to 'load(_:)' here}}
  }
}

func refreshList(_ model: ProductListModel, _ scope: ImplicitScope) -> Int {
  model.refresh(scope) + model.products.load(scope).count // expected-note@:3 {{'Locale' is required by the call to 'refresh(_:)' here}}
}

func productServer() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var db = DB()
  @Implicit var search = Search()
  @Implicit var images = Images()
  _ = productsOnly(scope)
  _ = firstProduct(Repos(), scope)
}

func catalogServer() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var db = DB()
  @Implicit var search = Search()
  @Implicit var locale = Locale()
  reindexAll(Repos(), scope)
}

func warmServer() {
  let scope = ImplicitScope()
  defer { scope.end() }
  @Implicit var db = DB()
  @Implicit var locale = Locale()
  warmAll(App(), scope)
  _ = refreshList(ProductListModel(), scope)
}

func warmServerWithoutLocale() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Locale' at this entry point}}
  defer { scope.end() }
  @Implicit var db = DB()
  warmAll(App(), scope) // expected-note@:3 {{'Locale' is required by the call to 'warmAll(_:_:)' here}}
}

func refreshWithoutLocale() {
  let scope = ImplicitScope() // expected-error@:15 [unresolved-implicit] {{unresolved implicit 'Locale' at this entry point}}
  defer { scope.end() }
  @Implicit var db = DB()
  _ = refreshList(ProductListModel(), scope) // expected-note@:7 {{'Locale' is required by the call to 'refreshList(_:_:)' here}}
}
