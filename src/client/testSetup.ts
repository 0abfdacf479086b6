import { configure } from '@testing-library/react';

// CI runs these beside browsers and servers on two cores: let findBy/waitFor wait up to 5 s
// (the default 1 s made a passing load-more test fail under load). Assertions are unchanged.
configure({ asyncUtilTimeout: 5000 });
