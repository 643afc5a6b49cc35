// Fixture (keeps json-at-the-edge): the fetcher hands the text to its decoder.
import { decodePrice } from "./decode-prices";

export const fetchPrice = async (url: string) => decodePrice(await (await fetch(url)).text());
