import { describeItemPiles } from "./item-piles.spec";

describeItemPiles("pool");
