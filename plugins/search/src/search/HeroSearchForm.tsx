import { SearchBox } from "./SearchBox";

/** The hero banner's search bar with autocomplete, in the single-page app's BannerWidget. */
export function HeroSearchForm() {
  return (
    <div className="heroBanner-searchHost">
      <SearchBox variant="hero" />
    </div>
  );
}
