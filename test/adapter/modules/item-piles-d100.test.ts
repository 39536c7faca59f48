import { describeItemPiles } from "./item-piles.spec";

describeItemPiles("d100");
