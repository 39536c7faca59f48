import { describeItemPiles } from "./item-piles.spec";

describeItemPiles("toast");
